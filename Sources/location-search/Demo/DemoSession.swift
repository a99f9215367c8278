import LocationSearch

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The demo's loop: waits for keys, signals and the end of loading, updates the state,
/// redraws what changed. Everything happens on the main thread, one event at a time.
///
/// Every key acts on the state it was typed in, however the keys arrive (one per read,
/// or many in one write: a paste, a script, a slow SSH link): keys wait in a queue; a key
/// that edits the query is applied at once, and the query is answered before any key that
/// reads the list (↑/↓, Enter...) is applied. While the places are still loading, such a
/// key waits, with those after it, until they are loaded and the query answered.
@MainActor
final class DemoSession {
    private let terminal: Terminal
    private let events: EventPipe
    private let options: CompletionOptions
    /// The most completion rows to show at once (`--limit`).
    private let rowLimit: Int
    private let color: Bool
    private var completer: LocationCompleter?
    private var state = DemoState()
    private var screen: Screen
    private var decoder = KeyDecoder()
    /// Keys read but not yet applied.
    private var queue: [Key] = []
    /// The query `state.results` answer; `nil` before the first answer.
    private var answeredQuery: String?
    /// Set by `suspend()` once continued: the SIGCONT that continued it needs no second
    /// redraw.
    private var resumed = false

    init(terminal: Terminal, events: EventPipe, options: CompletionOptions, rowLimit: Int, query: String, color: Bool) {
        self.terminal = terminal
        self.events = events
        self.options = options
        self.rowLimit = rowLimit
        self.color = color
        let size = terminal.size
        screen = Screen(columns: size.columns, rows: size.rows)
        state.editor.insert(query)
    }

    private var visibleRows: Int { DemoFrame.visibleRows(rows: screen.rows, limit: rowLimit) }

    /// How many completions to ask for at a time: a screenful, and at least the ten that
    /// the index keeps ready for the heaviest prefixes.
    private var pageSize: Int { max(visibleRows, 10) }

    /// Runs until a pick, a way out, or a caught signal. Keys typed while `loader` is
    /// still loading the places edit the query, which is answered as soon as it finishes.
    ///
    /// - Throws: the loader's error, or `TerminalError` if the terminal cannot be polled.
    func run(loading loader: Task<LocationCompleter, any Error>) async throws -> DemoOutcome {
        redraw()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            var descriptors = [
                pollfd(fd: terminal.descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: events.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            let timeout = decoder.hasPendingInput ? Int32(KeyDecoder.escapeTimeoutMilliseconds) : -1
            let ready = poll(&descriptors, 2, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                throw TerminalError.systemCall("poll", errno: errno)
            }

            if descriptors[1].revents != 0 {
                for byte in events.drain() {
                    if byte == EventPipe.loaded {
                        completer = try await loader.value
                        state.loading = false
                        continue
                    }
                    switch Int32(byte) {
                    case SIGWINCH:
                        let size = terminal.size
                        screen.resize(columns: size.columns, rows: size.rows)
                        state.keepSelectionInView(visible: visibleRows)
                    case SIGTSTP, SIGTTIN, SIGTTOU:
                        try suspend()
                    case SIGCONT where resumed:
                        resumed = false
                    case SIGCONT:
                        // Continued after a stop the demo did not see coming (SIGSTOP): the
                        // shell may have changed the terminal meanwhile.
                        try terminal.reenterRawMode()
                        screen.invalidate()
                    default:
                        return .signal(Int32(byte))
                    }
                }
            }

            if ready == 0 { queue += decoder.flush() }
            if descriptors[0].revents != 0 {
                let count = terminal.receive(into: &buffer)
                if count > 0 {
                    queue += decoder.decode(buffer[..<count])
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    return .signal(SIGHUP)  // the terminal is gone
                }
            }
            if let outcome = try applyQueuedKeys() { return outcome }
            redraw()
        }
    }

    /// Applies the queued keys in order, each to the state it was typed in; stops at a key
    /// that reads the list while the places are loading (it waits in the queue).
    private func applyQueuedKeys() throws -> DemoOutcome? {
        while let key = queue.first {
            if Self.readsList(key) {
                guard completer != nil else { break }
                answerIfEdited()
            }
            queue.removeFirst()
            if let outcome = try handle(key) { return outcome }
        }
        answerIfEdited()
        return nil
    }

    /// Whether `key` acts on the list of completions (and so needs the current query's).
    private static func readsList(_ key: Key) -> Bool {
        switch key {
        case .up, .down, .tab, .backTab, .pageUp, .pageDown, .enter, .control("p"), .control("n"): true
        default: false
        }
    }

    /// Applies `key`; returns how the session ends if it does.
    private func handle(_ key: Key) throws -> DemoOutcome? {
        switch key {
        case .text(let text), .paste(let text): state.editor.insert(text)
        case .backspace: state.editor.deleteBackward()
        case .delete: state.editor.deleteForward()
        case .control("d"):
            // fzf's `delete-char/eof`: deletes the character under the cursor; on an empty
            // query it leaves, as Esc does.
            guard state.editor.text.isEmpty else {
                state.editor.deleteForward()
                break
            }
            return .interrupted
        case .control("w"): state.editor.deleteWordBackward()
        case .control("u"): state.editor.deleteToStart()
        case .control("k"): state.editor.deleteToEnd()
        case .left, .control("b"): state.editor.moveLeft()
        case .right, .control("f"): state.editor.moveRight()
        case .home, .control("a"): state.editor.moveToStart()
        case .end, .control("e"): state.editor.moveToEnd()
        case .up, .control("p"), .backTab: moveSelection(by: -1)
        case .down, .control("n"), .tab: moveSelection(by: 1)
        case .pageUp: moveSelection(by: -max(1, visibleRows))
        case .pageDown: moveSelection(by: max(1, visibleRows))
        case .control("l"): screen.invalidate()
        case .control("z"): try suspend()
        case .enter:
            // (Enter waits for the places and the query's answer: see `readsList`.)
            guard let completion = state.selected else { return .noMatch(query: state.editor.text) }
            return .picked(completion, query: state.editor.text)
        case .escape, .control("c"): return .interrupted
        case .control, .unknown: break
        }
        return nil
    }

    /// Moves the selection, fetching the next page of completions first when the move
    /// would go past those fetched.
    private func moveSelection(by offset: Int) {
        let target = state.selection + offset
        if target >= state.results.count && !state.complete, let completer {
            var page = options
            page.limit = max(target + 1, state.results.count + pageSize)
            let results = completer.completions(for: state.editor.text, options: page)
            state.extend(results, complete: results.count < page.limit)
        }
        state.moveSelection(by: offset, visible: visibleRows)
    }

    /// Answers the query in the editor if it changed since the last answer.
    private func answerIfEdited() {
        if state.editor.text != answeredQuery { answer() }
    }

    /// Answers the query in the editor: its first page of completions (timed) and how many
    /// there are in all.
    private func answer() {
        guard let completer else { return }
        let query = state.editor.text
        var page = options
        page.limit = pageSize
        var results: [LocalSearchCompletion] = []
        let elapsed = ContinuousClock().measure {
            results = completer.completions(for: query, options: page)
        }
        let (seconds, attoseconds) = elapsed.components
        state.micros = Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000)
        let complete = results.count < page.limit
        let total = complete ? results.count : completer.matchCount(for: query, options: options)
        state.show(results, total: total, complete: complete)
        answeredQuery = query
    }

    /// Ctrl-Z: gives the terminal back as it was, stops the demo as the shell's job
    /// control expects, and when continued (`fg`) takes the terminal again and redraws.
    private func suspend() throws {
        terminal.restore()
        events.stopForJobControl()
        resumed = true
        try terminal.reenterRawMode()
        let size = terminal.size
        screen.resize(columns: size.columns, rows: size.rows)
        state.keepSelectionInView(visible: visibleRows)
    }

    private func redraw() {
        let frame = DemoFrame(state, columns: screen.columns, rows: screen.rows, limit: rowLimit, color: color)
        let output = screen.update(frame.lines, cursor: frame.cursor)
        if !output.isEmpty { terminal.send(output) }
    }
}
