import SigbenchCore

/// Closed polygons stored back to back in one array, reused between fills so flattening a
/// strategy's output allocates nothing once the storage has grown.
public struct PolygonBuffer: Sendable {
  /// Every polygon's vertices, one polygon after the other, output pixels.
  public private(set) var points: [Point] = []
  /// End index (exclusive) in `points` of each polygon.
  public private(set) var ends: [Int] = []
  var start = 0

  public init() {}

  /// Reserves room for `points` vertices in `polygons` polygons.
  public mutating func reserveCapacity(points p: Int, polygons: Int) {
    points.reserveCapacity(p)
    ends.reserveCapacity(polygons)
  }

  /// Number of finished polygons.
  public var count: Int { ends.count }

  /// Removes every polygon, keeping the storage.
  public mutating func removeAll() {
    points.removeAll(keepingCapacity: true)
    ends.removeAll(keepingCapacity: true)
    start = 0
  }

  /// Appends a vertex to the polygon being built.
  @inline(__always) public mutating func append(_ p: Point) { points.append(p) }

  /// Appends a whole closed polygon of `count` vertices that `write` fills in place (every
  /// slot of a temporary buffer, copied in at once), then ends it as `closePolygon` does. Ends
  /// any polygon being built first. Meant for small polygons (a band's 4 or 18 vertices), whose
  /// temporary buffer is on the stack; the runtime may put a large one on the heap.
  public mutating func appendPolygon(
    count: Int, _ write: (UnsafeMutableBufferPointer<Point>) -> Void
  ) {
    if points.count > start { closePolygon() }
    guard count > 0 else { return }
    withUnsafeTemporaryAllocation(of: Point.self, capacity: count) { v in
      write(v)
      points.append(contentsOf: UnsafeBufferPointer(v))
    }
    closePolygon()
  }

  /// Ends the polygon being built; fewer than 3 vertices are dropped (they enclose nothing).
  public mutating func closePolygon() {
    if points.count - start >= 3 {
      ends.append(points.count)
    } else {
      points.removeSubrange(start...)
    }
    start = points.count
  }

  /// The vertices of polygon `i`.
  public func polygon(_ i: Int) -> ArraySlice<Point> {
    points[(i == 0 ? 0 : ends[i - 1])..<ends[i]]
  }

  /// Calls `body` with the vertices of polygon `i`.
  public func withPolygon<R>(_ i: Int, _ body: (UnsafeBufferPointer<Point>) -> R) -> R {
    let lo = i == 0 ? 0 : ends[i - 1]
    let hi = ends[i]
    return points.withUnsafeBufferPointer { buf in
      body(UnsafeBufferPointer(rebasing: buf[lo..<hi]))
    }
  }
}
