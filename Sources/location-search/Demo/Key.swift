/// A key the demo understands, decoded from the bytes a terminal sends.
enum Key: Equatable {
    /// Printable text: one typed character, or several when they arrived together (a paste).
    case text(String)
    /// A bracketed paste, as one line of text (line breaks became spaces): inserted as
    /// typed text, but never read as keys.
    case paste(String)
    case enter, escape, tab, backTab, backspace, delete
    case up, down, left, right, home, end, pageUp, pageDown
    /// Ctrl and a letter, as the lowercase letter: `.control("c")` is Ctrl-C. Tab, Enter,
    /// Backspace and Esc are decoded as their own keys, not as Ctrl-I, Ctrl-M, Ctrl-H, Ctrl-[.
    case control(Character)
    /// A sequence the demo has no use for (function keys, Alt combinations): ignored.
    case unknown
}
