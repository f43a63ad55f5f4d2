import SigbenchCore

/// Writes a fixed number of path elements into memory it is handed.
protocol PathElementWriter {
  /// Number of elements `write` initializes, ≥ 1.
  var count: Int { get }
  /// Initializes `out[0..<count]`.
  func write(_ out: UnsafeMutablePointer<PathElement>)
}

/// A writer's elements as a sequence that `Array.append(contentsOf:)` fills in place.
///
/// `append(contentsOf:)` reserves room for `underestimatedCount` elements and hands the new
/// storage to the sequence's `_copyContents(initializing:)` (the standard library's
/// customization point for bulk copies), so the outline is computed straight into the
/// caller's array: one uniqueness and capacity check, no stack buffer and no second copy. The
/// stack-buffer version spent about 200 instructions per 19-element polygon on the append and
/// its `memcpy` (callgrind, Swift 6.3, x86-64). Iterating the sequence any other way computes
/// the elements into an array first.
///
/// - Complexity: O(`writer.count`); no allocation when appended.
struct InPlaceElements<W: PathElementWriter>: Sequence {
  let writer: W

  var underestimatedCount: Int { writer.count }

  func makeIterator() -> IndexingIterator<[PathElement]> {
    let n = writer.count
    return [PathElement](unsafeUninitializedCapacity: n) { buf, written in
      writer.write(buf.baseAddress!)
      written = n
    }.makeIterator()
  }

  func _copyContents(initializing buf: UnsafeMutableBufferPointer<PathElement>)
    -> (IndexingIterator<[PathElement]>, Int)
  {
    let n = writer.count
    guard buf.count >= n, let out = buf.baseAddress else {
      // Not the append path (a short destination): copy element by element.
      var it = makeIterator()
      var i = 0
      while i < buf.count, let e = it.next() {
        (buf.baseAddress! + i).initialize(to: e)
        i += 1
      }
      return (it, i)
    }
    writer.write(out)
    return ([].makeIterator(), n)
  }
}

/// One closed four-corner subpath: `move(e0)`, `e1`, `e2`, `e3`, `close`.
struct ClosedQuad: PathElementWriter {
  var e0: PathElement
  var e1: PathElement
  var e2: PathElement
  var e3: PathElement

  var count: Int { 5 }

  @inline(__always) func write(_ out: UnsafeMutablePointer<PathElement>) {
    out.initialize(to: e0)
    (out + 1).initialize(to: e1)
    (out + 2).initialize(to: e2)
    (out + 3).initialize(to: e3)
    (out + 4).initialize(to: .close)
  }
}

extension Array where Element == PathElement {
  /// Appends `writer`'s elements, computed in place (`InPlaceElements`).
  @inline(__always) mutating func append<W: PathElementWriter>(written writer: W) {
    append(contentsOf: InPlaceElements(writer: writer))
  }
}

extension InkArray where Element == PathElement {
  /// Appends `writer`'s elements, computed in place (`InPlaceElements`; `InkArray`'s
  /// `append(contentsOf:)` uses the same bulk-copy hook).
  @inline(__always) mutating func append<W: PathElementWriter>(written writer: W) {
    append(contentsOf: InPlaceElements(writer: writer))
  }
}
