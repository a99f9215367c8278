/// Values a one-shot command leaves for the process's exit to reclaim.
///
/// `location-search complete` loads a completer (a 100 MB block of index memory, tables
/// and dictionaries), answers, and exits: `main` calls `exit` right after the command
/// returns. Releasing the completer first would free its tables one by one and unmap its
/// memory, work the exit does anyway, so the command keeps it instead. Only the tool
/// does this; the library frees what it holds as usual.
enum ProcessLifetime {
    /// Keeps `value` alive until the process exits.
    static func keep<Value>(_ value: Value) {
        _ = Unmanaged.passRetained(Kept(value))
    }

    private final class Kept<Value> {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}
