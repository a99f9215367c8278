#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Immutable bytes that columns point into: a heap block filled once while an index is
/// built, or a read-only memory map of an index file.
///
/// `@unchecked Sendable`: the bytes are written before the object is shared and never
/// after (a map is `PROT_READ`), so concurrent reads are safe; the object only frees or
/// unmaps them in `deinit`, when no column refers to it any more.
final class _Memory: @unchecked Sendable {
    let base: UnsafeRawPointer
    let size: Int
    private let isMapped: Bool

    /// Copies `count` bytes from `source` into a new heap block.
    init(copying source: UnsafeRawBufferPointer) {
        let block = UnsafeMutableRawPointer.allocate(byteCount: max(source.count, 1), alignment: 16)
        if let from = source.baseAddress { block.copyMemory(from: from, byteCount: source.count) }
        base = UnsafeRawPointer(block)
        size = source.count
        isMapped = false
    }

    /// Maps `size` bytes of an open file read-only; `nil` if the map fails.
    init?(mapping descriptor: Int32, size: Int) {
        guard size > 0 else { return nil }
        let pointer = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let pointer, pointer != MAP_FAILED else { return nil }
        base = UnsafeRawPointer(pointer)
        self.size = size
        isMapped = true
    }

    deinit {
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: base), size)
        } else {
            UnsafeMutableRawPointer(mutating: base).deallocate()
        }
    }
}

/// A fixed-size array of plain values stored in `_Memory`: built from an `Array` or
/// viewed in place inside a mapped index file, so loading an index copies nothing.
///
/// `@unchecked Sendable`: it holds a pointer into memory that its `_Memory` owner keeps
/// alive and that nobody mutates (see `_Memory`).
struct _Column<Element: BitwiseCopyable>: RandomAccessCollection, @unchecked Sendable {
    let memory: _Memory
    let pointer: UnsafePointer<Element>
    let count: Int

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    /// Copies `array` into a new block of memory.
    init(_ array: [Element]) {
        let memory = array.withUnsafeBytes { _Memory(copying: $0) }
        self.init(memory: memory, byteOffset: 0, count: array.count)
    }

    /// A view of `count` elements at `byteOffset` in `memory` (which must be aligned for
    /// `Element` and in bounds: `_IndexFile` checks both before making one).
    init(memory: _Memory, byteOffset: Int, count: Int) {
        self.memory = memory
        self.pointer = (memory.base + byteOffset).assumingMemoryBound(to: Element.self)
        self.count = count
    }

    /// Bounds-checked, so that even a damaged index file cannot read outside its map.
    @inline(__always)
    subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "_Column index out of range")
        return pointer[position]
    }

    var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: pointer, count: count) }

    /// The column's bytes, to write an index file.
    var rawBytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(buffer) }
}

extension _Column where Element == UInt32 {
    /// Whether every element is below `limit`: a branch-free maximum, which the compiler
    /// vectorises, so validating a mapped index costs little more than reading it.
    func allBelow(_ limit: Int) -> Bool {
        var largest: UInt32 = 0
        for value in buffer { largest = Swift.max(largest, value) }
        return isEmpty || Int(largest) < limit
    }
}
