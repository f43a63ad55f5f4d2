/// A growable array of plain values (no references inside) with value semantics, whose
/// `removeAll()` keeps its storage without touching it.
///
/// `InkGeometry` holds its centreline, outline, discs and bands in these because a strategy's
/// output is emptied before every pushed sample: emptying a standard `Array` while keeping its
/// capacity costs a uniqueness check and an element move per element popped, or about 100
/// instructions through `removeAll(keepingCapacity:)` (callgrind, Swift 6.3, x86-64); here it is
/// one store. Storage is shared between copies until one of them writes (copy on write); an
/// emptied array writes again into the same storage when it is the only owner, so a reused
/// buffer allocates nothing once grown.
///
/// The elements are `BitwiseCopyable`, so storage never deinitializes them: dropping the count
/// is the whole of `removeAll()`, even while another copy still shares the storage.
///
/// - Complexity: `append` amortized O(1); `removeAll()` O(1); indexing O(1).
public struct InkArray<Element: BitwiseCopyable>: @unchecked Sendable {
  /// Heap storage: `capacity` slots, the first `count` of the owning value initialized.
  /// Shared storage is never written (copy on write), so sharing it between threads is safe.
  @usableFromInline final class Storage {
    @usableFromInline let base: UnsafeMutablePointer<Element>
    @usableFromInline let capacity: Int

    @usableFromInline init(capacity: Int) {
      self.capacity = capacity
      base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }
  }

  /// The owner of the storage (for uniqueness and lifetime); `base` and `slots` repeat its
  /// pointer and capacity so that reads and writes do not touch the object (no retain or
  /// release on the hot path).
  @usableFromInline var storage: Storage?
  @usableFromInline var base: UnsafeMutablePointer<Element>?
  @usableFromInline var slots = 0
  @usableFromInline var length = 0

  @inlinable public init() {}

  /// The elements of `elements`, in order.
  @inlinable public init<S: Sequence>(_ elements: S) where S.Element == Element {
    append(contentsOf: elements)
  }

  /// Room for `minimumCapacity` elements, owned by this value alone.
  @inlinable public mutating func reserveCapacity(_ minimumCapacity: Int) {
    if isKnownUniquelyReferenced(&storage), slots >= minimumCapacity { return }
    grow(to: Swift.max(minimumCapacity, length))
  }

  /// Number of elements the current storage holds without growing (0 without storage).
  @inlinable public var capacity: Int { slots }

  /// Replaces the storage with a fresh one of at least `minimum` slots holding the elements.
  @usableFromInline mutating func grow(to minimum: Int) {
    let fresh = Storage(capacity: Swift.max(minimum, 4))
    if let old = base, length > 0 { fresh.base.initialize(from: old, count: length) }
    storage = fresh
    base = fresh.base
    slots = fresh.capacity
  }

  @inlinable @inline(__always) public mutating func append(_ element: Element) {
    if !isKnownUniquelyReferenced(&storage) || slots == length { grow(to: length * 2) }
    (base.unsafelyUnwrapped + length).initialize(to: element)
    length += 1
  }

  /// Appends `count` elements that `initialize` writes, in place, into the memory it is handed
  /// (`count` uninitialized slots; it must initialize all of them).
  @inlinable @inline(__always) public mutating func append(
    count: Int, initializingWith initialize: (UnsafeMutablePointer<Element>) -> Void
  ) {
    let needed = length + count
    if !isKnownUniquelyReferenced(&storage) || slots < needed {
      grow(to: Swift.max(needed, length * 2))
    }
    initialize(base.unsafelyUnwrapped + length)
    length = needed
  }

  /// Appends the elements `initialize` writes, in place, into the memory it is handed (room
  /// for `maximum` elements, uninitialized); it initializes the first k ≤ `maximum` slots in
  /// order and returns k. For a producer that knows only a bound on what it writes.
  @inlinable @inline(__always) public mutating func append(
    atMost maximum: Int, initializingWith initialize: (UnsafeMutablePointer<Element>) -> Int
  ) {
    let needed = length + maximum
    if !isKnownUniquelyReferenced(&storage) || slots < needed {
      grow(to: Swift.max(needed, length * 2))
    }
    let written = initialize(base.unsafelyUnwrapped + length)
    precondition(written >= 0 && written <= maximum, "InkArray: wrote more than promised")
    length += written
  }

  /// Appends `elements`: room for their `underestimatedCount` is made first; contiguous
  /// elements are copied in one block, other sequences are handed that room through
  /// `_copyContents(initializing:)` (the standard library's bulk-copy hook, which
  /// `Array.append(contentsOf:)` uses too) and the rest is appended one by one.
  @inlinable public mutating func append<S: Sequence>(contentsOf elements: S)
  where S.Element == Element {
    let extra = elements.underestimatedCount
    guard extra > 0 else {
      for e in elements { append(e) }
      return
    }
    let needed = length + extra
    if !isKnownUniquelyReferenced(&storage) || slots < needed {
      grow(to: Swift.max(needed, length * 2))  // geometric, so repeated appends stay linear
    }
    let copied = elements.withContiguousStorageIfAvailable { source -> Int in
      // More than `underestimatedCount` promised: the general path below handles it.
      guard source.count <= slots - length else { return -1 }
      if let from = source.baseAddress {
        (base.unsafelyUnwrapped + length).initialize(from: from, count: source.count)
      }
      return source.count
    }
    if let copied, copied >= 0 {
      length += copied
      return
    }
    let free = UnsafeMutableBufferPointer(
      start: base.unsafelyUnwrapped + length, count: slots - length)
    var (rest, written) = elements._copyContents(initializing: free)
    length += written
    while let e = rest.next() { append(e) }
  }

  /// Removes every element. With `keepingCapacity` (the default) the storage stays for reuse
  /// and is not touched; without it, it is released.
  @inlinable public mutating func removeAll(keepingCapacity: Bool = true) {
    length = 0
    if !keepingCapacity {
      storage = nil
      base = nil
      slots = 0
    }
  }

  /// Removes and returns the last element, `nil` when empty.
  @inlinable @discardableResult public mutating func popLast() -> Element? {
    guard length > 0 else { return nil }
    length -= 1
    return base.unsafelyUnwrapped[length]
  }

  /// Calls `body` with the elements' contiguous storage.
  @inlinable public func withUnsafeBufferPointer<R>(
    _ body: (UnsafeBufferPointer<Element>) throws -> R
  ) rethrows -> R {
    try body(UnsafeBufferPointer(start: base, count: length))
  }

  /// Calls `body` with the elements' contiguous storage (the standard library's bulk-copy
  /// paths use it).
  @inlinable public func withContiguousStorageIfAvailable<R>(
    _ body: (UnsafeBufferPointer<Element>) throws -> R
  ) rethrows -> R? {
    try body(UnsafeBufferPointer(start: base, count: length))
  }

  /// The elements as a standard array.
  @inlinable public var array: [Element] { withUnsafeBufferPointer { Array($0) } }
}

extension InkArray: RandomAccessCollection, MutableCollection {
  public typealias Index = Int

  @inlinable public var startIndex: Int { 0 }
  @inlinable public var endIndex: Int { length }
  @inlinable public var count: Int { length }
  @inlinable public var isEmpty: Bool { length == 0 }

  @inlinable public subscript(position: Int) -> Element {
    get {
      precondition(position >= 0 && position < length, "InkArray index out of range")
      return base.unsafelyUnwrapped[position]
    }
    set {
      precondition(position >= 0 && position < length, "InkArray index out of range")
      if !isKnownUniquelyReferenced(&storage) { grow(to: length) }
      base.unsafelyUnwrapped[position] = newValue
    }
  }
}

extension InkArray: RangeReplaceableCollection {
  /// Replaces `subrange` with `newElements` (O(count + new elements); builds fresh storage).
  public mutating func replaceSubrange<C: Collection>(_ subrange: Range<Int>, with newElements: C)
  where C.Element == Element {
    precondition(subrange.lowerBound >= 0 && subrange.upperBound <= length, "range out of bounds")
    var result = InkArray()
    result.reserveCapacity(length - subrange.count + newElements.count)
    for i in 0..<subrange.lowerBound { result.append(self[i]) }
    for e in newElements { result.append(e) }
    for i in subrange.upperBound..<length { result.append(self[i]) }
    self = result
  }
}

extension InkArray: ExpressibleByArrayLiteral {
  @inlinable public init(arrayLiteral elements: Element...) { self.init(elements) }
}

extension InkArray: Equatable where Element: Equatable {
  /// Counts first, so that arrays of different lengths (and two empty ones) compare without
  /// iterating.
  @inlinable public static func == (a: InkArray, b: InkArray) -> Bool {
    a.length == b.length && (a.length == 0 || a.elementsEqual(b))
  }
}

extension InkArray: Hashable where Element: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(length)
    for e in self { hasher.combine(e) }
  }
}

extension InkArray: CustomStringConvertible, CustomDebugStringConvertible {
  public var description: String { array.description }
  public var debugDescription: String { array.debugDescription }
}
