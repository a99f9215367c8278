#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Immutable bytes that columns point into: a heap block filled once while an index is
/// built, or an index file read into memory.
///
/// An index file is read, not mapped: a map shares the file's pages, so a file truncated
/// or rewritten in place under a running process (`cp` over it, a cache cleaner) would
/// raise SIGBUS or change bytes that were validated, and `MAP_PRIVATE` does not prevent
/// either on Linux (its pages stay the file's until written). Reading costs a copy from
/// the page cache at load; the block is 2 MiB-aligned with transparent huge pages
/// requested, which makes a large read's page faults several times cheaper
/// (docs/decisions/0018-huge-pages-for-the-index.md).
///
/// `@unchecked Sendable`: the bytes are written before the object is shared and never
/// after, so concurrent reads are safe; the object only frees them in `deinit`, when no
/// column refers to it any more.
final class _Memory: @unchecked Sendable {
    let base: UnsafeRawPointer
    let size: Int
    /// The anonymous map holding the bytes, when they were read from a file.
    private let mapping: (start: UnsafeMutableRawPointer, length: Int)?

    /// Copies `count` bytes from `source` into a new heap block.
    init(copying source: UnsafeRawBufferPointer) {
        let block = UnsafeMutableRawPointer.allocate(byteCount: max(source.count, 1), alignment: 16)
        if let from = source.baseAddress { block.copyMemory(from: from, byteCount: source.count) }
        base = UnsafeRawPointer(block)
        size = source.count
        mapping = nil
    }

    /// Why reading a file into memory failed.
    enum ReadFailure: Error {
        case noMemory
        /// The file ended before `size` bytes: it shrank while being read.
        case shortRead(Int)
        case readError(Int32)
    }

    /// New memory of `size` bytes for an index file, which the loader fills with
    /// `read(_:range:)` before it shares the memory (zero until then).
    init(uninitialized size: Int) throws(ReadFailure) {
        let huge = 2 << 20
        let (padded, overflow) = size.addingReportingOverflow(huge)
        guard size > 0, !overflow else { throw .noMemory }
        guard let raw = mmap(nil, padded, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              raw != MAP_FAILED else { throw .noMemory }
        let aligned = UnsafeMutableRawPointer(bitPattern: (Int(bitPattern: raw) + huge - 1) & ~(huge - 1))!
        #if os(Linux)
        _ = madvise(aligned, size, MADV_HUGEPAGE)
        #endif
        base = UnsafeRawPointer(aligned)
        self.size = size
        mapping = (raw, padded)
    }

    /// Reads bytes `range` of an open file into the same bytes of this memory. Only while
    /// loading, before the memory is shared; two threads may read disjoint ranges.
    func read(_ descriptor: Int32, range: Range<Int>) throws(ReadFailure) {
        precondition(range.lowerBound >= 0 && range.upperBound <= size)
        let target = UnsafeMutableRawPointer(mutating: base) + range.lowerBound
        let n = readFully(descriptor, target, range.count, at: range.lowerBound)
        if n < 0 { throw .readError(errno) }
        if n < range.count { throw .shortRead(range.lowerBound + n) }
    }

    deinit {
        if let mapping {
            munmap(mapping.start, mapping.length)
        } else {
            UnsafeMutableRawPointer(mutating: base).deallocate()
        }
    }
}

/// A fixed-size array of plain values stored in `_Memory`: built from an `Array` or
/// viewed in place inside an index file read into memory, so loading an index copies
/// nothing more.
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

extension _Column where Element: FixedWidthInteger & UnsignedInteger {
    /// Whether every element is below `limit`: a branch-free maximum, which the compiler
    /// vectorises, so validating a loaded index costs little more than reading it.
    func allBelow(_ limit: Int) -> Bool {
        var largest: Element = 0
        for value in buffer { largest = Swift.max(largest, value) }
        return isEmpty || Int(largest) < limit
    }
}
