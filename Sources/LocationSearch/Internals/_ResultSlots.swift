/// Slots that concurrent workers each fill one of: written at distinct indices, read
/// after every worker is done.
///
/// `@unchecked Sendable`: every index is written by one worker only, and `values` is read
/// after `concurrentPerform` returns, which orders all the writes before it.
final class _ResultSlots<Value>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    subscript(index: Int) -> Value? {
        get { slots[index] }
        set { slots[index] = newValue }
    }

    var values: [Value?] { Array(slots) }
}
