/// Turns terminal input bytes into keys: escape sequences (CSI and SS3, as xterm, VTE,
/// tmux and the Linux console send them), control bytes and UTF-8 text, however the bytes
/// are split across reads.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode(Array("Zu".utf8) + [0xC3])  // [.text("Zu")]: the "ü" is incomplete
/// decoder.decode([0xBC, 0x1B, 0x5B, 0x42])    // [.text("ü"), .down]
/// decoder.decode([0x1B])                      // []: Esc, or the start of a sequence?
/// decoder.hasPendingInput                     // true: so wait briefly, then
/// decoder.flush()                             // [.escape]
/// ```
///
/// A lone Esc byte is ambiguous until no more input follows; the caller waits a moment
/// (`KeyDecoder.escapeTimeout`) and calls `flush()`. Invalid UTF-8 is dropped.
struct KeyDecoder {
    /// How long to wait after a lone Esc (or a partial sequence) before deciding it is the
    /// Esc key: terminals send a whole sequence in one write, so 50 ms is plenty.
    static let escapeTimeoutMilliseconds: Int32 = 50

    private var pending: [UInt8] = []
    /// Whether the bytes are inside a bracketed paste (after `␛[200~`, before `␛[201~`).
    private var inPaste = false

    static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
    static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

    /// Whether bytes are waiting for the rest of a sequence or character.
    var hasPendingInput: Bool { !pending.isEmpty }

    /// Decodes `bytes` after any pending ones; keeps an incomplete tail for the next call.
    ///
    /// - Complexity: O(*n*) in the number of bytes.
    mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        return decodePending(atEnd: false)
    }

    /// Decodes what is pending as if no more input will come: a lone Esc is the Esc key.
    mutating func flush() -> [Key] {
        decodePending(atEnd: true)
    }

    private mutating func decodePending(atEnd: Bool) -> [Key] {
        var keys: [Key] = []
        var text = ""
        func emit(_ key: Key) {
            if !text.isEmpty {
                keys.append(.text(text))
                text = ""
            }
            keys.append(key)
        }
        var i = 0
        let bytes = pending
        decoding: while i < bytes.count {
            if inPaste {
                // Everything up to the end marker is text, control bytes included: a pasted
                // newline must not pick, nor a pasted Esc quit.
                if let end = Self.firstIndex(of: Self.pasteEnd, in: bytes, from: i) {
                    emit(.paste(Self.pastedText(bytes[i..<end])))
                    i = end + Self.pasteEnd.count
                    inPaste = false
                    continue
                }
                guard atEnd else { break decoding }
                // No end yet after the wait: what came so far, and the paste goes on.
                emit(.paste(Self.pastedText(bytes[i...])))
                i = bytes.count
                break decoding
            }
            let byte = bytes[i]
            if byte == 0x1B, bytes[i...].starts(with: Self.pasteStart) {
                inPaste = true
                i += Self.pasteStart.count
                continue
            }
            switch byte {
            case 0x1B:
                switch Self.escapeSequence(bytes, at: i) {
                case .incomplete where !atEnd:
                    break decoding
                case .incomplete, .none:
                    emit(.escape)
                    i += 1
                case .key(let key, let length):
                    emit(key)
                    i += length
                }
            case 0x00..<0x20, 0x7F:
                emit(Self.controlKey(byte))
                i += 1
            case 0x20..<0x7F:
                text.unicodeScalars.append(Unicode.Scalar(byte))
                i += 1
            default:
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                if i + length > bytes.count {
                    // An incomplete character at the end: wait for the rest, unless the bytes
                    // already present show it cannot be valid.
                    let continuationsSoFar = bytes[(i + 1)...].allSatisfy { $0 & 0xC0 == 0x80 }
                    if !atEnd && length > 1 && byte <= 0xF4 && continuationsSoFar { break decoding }
                    i += 1
                    continue
                }
                var decoder = UTF8()
                var iterator = bytes[i..<(i + length)].makeIterator()
                if length > 1, case .scalarValue(let scalar) = decoder.decode(&iterator) {
                    if !(0x80..<0xA0).contains(scalar.value) {  // C1 controls are not text
                        text.unicodeScalars.append(scalar)
                    }
                    i += length
                } else {
                    i += 1  // not a valid lead byte or sequence: drop the byte and resync
                }
            }
        }
        if !text.isEmpty { keys.append(.text(text)) }
        pending.removeFirst(i)
        return keys
    }

    /// Where `marker` first starts in `bytes` at or after `start`.
    private static func firstIndex(of marker: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var i = start
        while i + marker.count <= bytes.count {
            if bytes[i] == marker[0] && bytes[i..<(i + marker.count)].elementsEqual(marker) { return i }
            i += 1
        }
        return nil
    }

    /// Pasted bytes as one line of text: line breaks and tabs become spaces, other control
    /// characters and escape sequences' Esc are left out, invalid UTF-8 becomes U+FFFD.
    static func pastedText(_ bytes: ArraySlice<UInt8>) -> String {
        var text = ""
        var previousWasReturn = false
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            defer { previousWasReturn = scalar == "\r" }
            switch scalar.value {
            case 0x0A where previousWasReturn: continue
            case 0x09, 0x0A, 0x0D: text.unicodeScalars.append(" ")
            case 0x00..<0x20, 0x7F, 0x80..<0xA0: continue
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    private enum EscapeParse {
        case key(Key, length: Int)
        case incomplete
        /// Not a sequence: the Esc key, followed by whatever comes next.
        case none
    }

    /// Decodes the escape sequence starting at `start`, where `bytes[start]` is Esc.
    private static func escapeSequence(_ bytes: [UInt8], at start: Int) -> EscapeParse {
        guard start + 1 < bytes.count else { return .incomplete }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            // CSI: parameter bytes 0x30–0x3F, intermediate bytes 0x20–0x2F, a final byte.
            var end = start + 2
            while end < bytes.count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else { return end - start > 32 ? .none : .incomplete }
            let final = bytes[end]
            guard (0x40...0x7E).contains(final) else { return .none }
            let parameters = String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
            return .key(csiKey(final: final, parameters: parameters), length: end - start + 1)
        case UInt8(ascii: "O"):
            // SS3: application cursor keys.
            guard start + 2 < bytes.count else { return .incomplete }
            let key: Key = switch bytes[start + 2] {
            case UInt8(ascii: "A"): .up
            case UInt8(ascii: "B"): .down
            case UInt8(ascii: "C"): .right
            case UInt8(ascii: "D"): .left
            case UInt8(ascii: "H"): .home
            case UInt8(ascii: "F"): .end
            case UInt8(ascii: "M"): .enter  // keypad Enter
            default: .unknown
            }
            return .key(key, length: 3)
        case 0x1B:
            return .none
        case 0x20..<0x7F, 0x7F:
            return .key(.unknown, length: 2)  // Alt and a key
        default:
            return .none
        }
    }

    private static func csiKey(final: UInt8, parameters: String) -> Key {
        let first = parameters.split(separator: ";").first.flatMap { Int($0) }
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "~"):
            switch first {
            case 1, 7: return .home
            case 3: return .delete
            case 4, 8: return .end
            case 5: return .pageUp
            case 6: return .pageDown
            default: return .unknown
            }
        default: return .unknown
        }
    }

    private static func controlKey(_ byte: UInt8) -> Key {
        switch byte {
        case 0x09: return .tab
        case 0x0A, 0x0D: return .enter
        case 0x08, 0x7F: return .backspace
        case 0x01...0x1A: return .control(Character(Unicode.Scalar(byte + 0x60)))
        default: return .unknown  // NUL, Ctrl-\, Ctrl-], Ctrl-^, Ctrl-_
        }
    }
}
