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
@MainActor
final class DemoSession {
    private let terminal: Terminal
    private let events: EventPipe
    private let options: CompletionOptions
    private let color: Bool
    private var completer: LocationCompleter?
    private var state = DemoState()
    private var screen: Screen
    private var decoder = KeyDecoder()
    /// The query `state.results` answer; `nil` before the first answer.
    private var answeredQuery: String?

    init(terminal: Terminal, events: EventPipe, options: CompletionOptions, color: Bool) {
        self.terminal = terminal
        self.events = events
        self.options = options
        self.color = color
        let size = terminal.size
        screen = Screen(columns: size.columns, rows: size.rows)
    }

    private var visibleRows: Int { DemoFrame.visibleRows(rows: screen.rows) }

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
                    } else if Int32(byte) == SIGWINCH {
                        let size = terminal.size
                        screen.resize(columns: size.columns, rows: size.rows)
                        state.moveSelection(by: 0, visible: visibleRows)
                    } else {
                        return .signal(Int32(byte))
                    }
                }
            }

            var keys: [Key] = []
            if ready == 0 { keys = decoder.flush() }
            if descriptors[0].revents != 0 {
                let count = terminal.receive(into: &buffer)
                if count > 0 {
                    keys += decoder.decode(buffer[..<count])
                } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
                    return .signal(SIGHUP)  // the terminal is gone
                }
            }
            for key in keys {
                if let outcome = handle(key) { return outcome }
            }

            if state.editor.text != answeredQuery { answer() }
            redraw()
        }
    }

    /// Applies `key`; returns how the session ends if it does.
    private func handle(_ key: Key) -> DemoOutcome? {
        switch key {
        case .text(let text): state.editor.insert(text)
        case .backspace: state.editor.deleteBackward()
        case .delete: state.editor.deleteForward()
        case .control("w"): state.editor.deleteWordBackward()
        case .control("u"): state.editor.deleteToStart()
        case .control("k"): state.editor.deleteToEnd()
        case .left, .control("b"): state.editor.moveLeft()
        case .right, .control("f"): state.editor.moveRight()
        case .home, .control("a"): state.editor.moveToStart()
        case .end, .control("e"): state.editor.moveToEnd()
        case .up, .control("p"), .backTab: state.moveSelection(by: -1, visible: visibleRows)
        case .down, .control("n"), .tab: state.moveSelection(by: 1, visible: visibleRows)
        case .pageUp: state.moveSelection(by: -visibleRows, visible: visibleRows)
        case .pageDown: state.moveSelection(by: visibleRows, visible: visibleRows)
        case .control("l"): screen.invalidate()
        case .enter:
            if let completion = state.selected(visible: visibleRows) { return .picked(completion.place) }
        case .escape, .control("d"): return .cancelled
        case .control("c"): return .interrupted
        case .control, .unknown: break
        }
        return nil
    }

    /// Answers the query in the editor, timing it.
    private func answer() {
        guard let completer else { return }
        let query = state.editor.text
        var results: [LocalSearchCompletion] = []
        let elapsed = ContinuousClock().measure {
            results = completer.completions(for: query, options: options)
        }
        let (seconds, attoseconds) = elapsed.components
        state.micros = Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000)
        state.results = results
        state.selection = 0
        answeredQuery = query
    }

    private func redraw() {
        let frame = DemoFrame(state, columns: screen.columns, rows: screen.rows, color: color)
        let output = screen.update(frame.lines, cursor: frame.cursor)
        if !output.isEmpty { terminal.send(output) }
    }
}
