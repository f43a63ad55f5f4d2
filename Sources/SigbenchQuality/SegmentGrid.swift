import SigbenchCore

/// Nearest-edge queries on a set of line segments ("edges"; an edge from a point to itself is
/// a point) through a uniform grid, so measuring n points against m edges costs about
/// O(n + m) instead of the O(n · m) of comparing all pairs.
///
/// Every edge is listed in every cell it passes through: an edge whose ends lie in the same
/// or neighbouring cells in the cells of its bounding box (one to four), a longer one cut into
/// pieces no longer than a cell, each listed in the cells of its own box. `nearest` searches
/// rings of cells around the query point's cell, skips cells farther than the best edge found
/// so far, and stops as soon as no unvisited cell can hold anything nearer, so its distance is
/// exact: the same as comparing with every edge. Cells are twice the mean edge length but at
/// least `minimumCell` (0.25 px, the scale of the distances measured), grown by half until
/// there are at most 4m + 64 of them (memory stays linear in m for any bounding box).
///
/// Positions in CSS px.
struct SegmentGrid: Sendable {
  /// The nearest point of one edge to a query point.
  struct Hit: Sendable {
    /// Edge index (the order the edges were given in).
    var edge: Int
    /// Position of the nearest point along the edge, 0 at its start, 1 at its end.
    var fraction: Double
    /// Squared distance from the query point, px².
    var distanceSquared: Double
    var distance: Double { distanceSquared.squareRoot() }
  }

  /// Edge e runs from `starts[e]` to `starts[e + 1]` when `chain` (a polyline's edges share
  /// its vertex array, no copy), else from `starts[e]` to `ends[e]`.
  private let starts: [Point]
  private let ends: [Point]
  private let chain: Bool
  /// Number of edges.
  let edgeCount: Int
  private let originX: Double
  private let originY: Double
  private let cell: Double
  private let columns: Int
  private let rows: Int
  /// Cell c lists `items[cellStart[c] ..< cellStart[c + 1]]`; cells are row-major.
  private let cellStart: [Int32]
  private let items: [Int32]

  /// Smallest cell side, px.
  static let minimumCell = 0.25

  /// The edges of `path` (vertex i to i + 1; a one-vertex path is one point edge), or, when
  /// the path is empty, `points` as point edges.
  init(path: MeasuredPath, points extra: [Point] = []) {
    let v = path.points
    if v.count > 1 {
      self.init(starts: v, ends: [], chain: true, count: v.count - 1)
    } else {
      let p = v.isEmpty ? extra.filter(\.isFinite) : v
      self.init(starts: p, ends: p, chain: false, count: p.count)
    }
  }

  /// Edges from `starts[i]` to `ends[i]` (same count).
  init(starts a: [Point], ends b: [Point]) {
    precondition(a.count == b.count, "one end per start")
    self.init(starts: a, ends: b, chain: false, count: a.count)
  }

  /// - Complexity: O(m + cells) time and memory for m edges.
  private init(starts a: [Point], ends b: [Point], chain: Bool, count m: Int) {
    starts = a
    ends = b
    self.chain = chain
    edgeCount = m
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    var total = 0.0
    for p in a {
      minX = min(minX, p.x)
      minY = min(minY, p.y)
      maxX = max(maxX, p.x)
      maxY = max(maxY, p.y)
    }
    for p in b {
      minX = min(minX, p.x)
      minY = min(minY, p.y)
      maxX = max(maxX, p.x)
      maxY = max(maxY, p.y)
    }
    for e in 0..<m { total += a[e].distance(to: chain ? a[e + 1] : b[e]) }
    guard m > 0 else {
      (originX, originY, cell, columns, rows) = (0, 0, 1, 1, 1)
      cellStart = [0, 0]
      items = []
      return
    }
    let width = maxX - minX
    let height = maxY - minY
    let limit = 4 * Double(m) + 64
    var c = max(2 * total / Double(m), SegmentGrid.minimumCell)
    while (width / c + 1) * (height / c + 1) > limit { c *= 1.5 }
    originX = minX
    originY = minY
    cell = c
    columns = Int(width / c) + 1
    rows = Int(height / c) + 1
    (cellStart, items) = SegmentGrid.bucket(
      a, b, chain: chain, count: m, originX: minX, originY: minY, cell: c, columns: columns,
      rows: rows)
  }

  /// Lists every edge in the cells it passes through: (cell, edge) pairs, then a counting sort
  /// by cell that keeps edges in ascending order within each cell.
  private static func bucket(
    _ a: [Point], _ b: [Point], chain: Bool, count m: Int, originX: Double, originY: Double,
    cell: Double, columns: Int, rows: Int
  ) -> ([Int32], [Int32]) {
    var pairs = PairBuffer(capacity: 2 * m + 16)
    defer { pairs.deallocate() }
    let inverse = 1 / cell
    func cellOf(_ p: Point) -> (Int, Int) {
      (index((p.x - originX) * inverse, columns), index((p.y - originY) * inverse, rows))
    }
    var next = cellOf(a[0])
    for e in 0..<m {
      let p0 = a[e]
      let p1 = chain ? a[e + 1] : b[e]
      let (cx, cy) = chain ? next : cellOf(p0)
      let end = cellOf(p1)
      next = end
      let edge = Int32(truncatingIfNeeded: e)
      if end == (cx, cy) {
        // Both ends in one cell (most edges): so is the whole edge.
        pairs.append(cell: Int32(truncatingIfNeeded: cy * columns + cx), edge: edge)
        continue
      }
      if abs(end.0 - cx) <= 1, abs(end.1 - cy) <= 1 {
        // Ends in neighbouring cells: the edge's bounding box is those two to four cells.
        for y in min(cy, end.1)...max(cy, end.1) {
          for x in min(cx, end.0)...max(cx, end.0) {
            pairs.append(cell: Int32(truncatingIfNeeded: y * columns + x), edge: edge)
          }
        }
        continue
      }
      let first = pairs.count
      let pieces = max(1, Int((p0.distance(to: p1) * inverse).rounded(.up)))
      for k in 0..<pieces {
        let p = p0.lerp(p1, Double(k) / Double(pieces))
        let q = p0.lerp(p1, Double(k + 1) / Double(pieces))
        let x0 = index((min(p.x, q.x) - originX) * inverse, columns)
        let x1 = index((max(p.x, q.x) - originX) * inverse, columns)
        let y0 = index((min(p.y, q.y) - originY) * inverse, rows)
        let y1 = index((max(p.y, q.y) - originY) * inverse, rows)
        for y in y0...y1 {
          for x in x0...x1 {
            let c = Int32(truncatingIfNeeded: y * columns + x)
            // Pieces of one edge overlap in their shared cells: list each cell once.
            if !pairs.hasCell(c, from: first) { pairs.append(cell: c, edge: edge) }
          }
        }
      }
    }
    // start[c + 1] counts, then (prefix sums) begins cell c + 1; filling moves it to the end
    // of cell c, so afterwards cell c is start[c] ..< start[c + 1].
    let cells = columns * rows
    let n = pairs.count
    var start = [Int32](repeating: 0, count: cells + 2)
    let items = [Int32](unsafeUninitializedCapacity: n) { out, initialized in
      start.withUnsafeMutableBufferPointer { s in
        // Wrapping adds: the totals are at most the pair count, far below 2³¹.
        for i in 0..<n { s[Int(pairs.cells[i]) + 2] &+= 1 }
        var running: Int32 = 0
        for c in 2..<(cells + 2) {
          running &+= s[c]
          s[c] = running
        }
        for i in 0..<n {
          let c = Int(pairs.cells[i]) + 1
          out[Int(s[c])] = pairs.edges[i]
          s[c] &+= 1
        }
      }
      initialized = n
    }
    return (start, items)
  }

  /// (cell, edge) pairs in raw storage that doubles when full: appending costs a store and a
  /// count check, without the uniqueness and capacity checks of an array append.
  private struct PairBuffer {
    var cells: UnsafeMutablePointer<Int32>
    var edges: UnsafeMutablePointer<Int32>
    var count = 0
    var capacity: Int

    init(capacity: Int) {
      self.capacity = capacity
      cells = .allocate(capacity: capacity)
      edges = .allocate(capacity: capacity)
    }

    @inline(__always) mutating func append(cell: Int32, edge: Int32) {
      if count == capacity { grow() }
      cells[count] = cell
      edges[count] = edge
      count += 1
    }

    /// True when `cell` is among the pairs from index `first` on.
    func hasCell(_ cell: Int32, from first: Int) -> Bool {
      var i = first
      while i < count {
        if cells[i] == cell { return true }
        i += 1
      }
      return false
    }

    private mutating func grow() {
      let larger = 2 * capacity
      let c = UnsafeMutablePointer<Int32>.allocate(capacity: larger)
      let e = UnsafeMutablePointer<Int32>.allocate(capacity: larger)
      c.moveInitialize(from: cells, count: count)
      e.moveInitialize(from: edges, count: count)
      cells.deallocate()
      edges.deallocate()
      (cells, edges, capacity) = (c, e, larger)
    }

    func deallocate() {
      cells.deallocate()
      edges.deallocate()
    }
  }

  /// ⌊v⌋ limited to 0…count − 1 (NaN gives 0).
  @inline(__always) private static func index(_ v: Double, _ count: Int) -> Int {
    if !(v > 0) { return 0 }
    if v >= Double(count - 1) { return count - 1 }
    return Int(v)
  }

  var isEmpty: Bool { edgeCount == 0 }

  /// The nearest point of edge `e` to `p`.
  func hit(_ e: Int, _ p: Point) -> Hit {
    starts.withUnsafeBufferPointer { a in
      ends.withUnsafeBufferPointer { b in SegmentGrid.hit(e, p, a, b, chain) }
    }
  }

  @inline(__always) private static func hit(
    _ e: Int, _ p: Point, _ a: UnsafeBufferPointer<Point>, _ b: UnsafeBufferPointer<Point>,
    _ chain: Bool
  ) -> Hit {
    let s = a[e]
    let t = chain ? a[e + 1] : b[e]
    let dx = t.x - s.x
    let dy = t.y - s.y
    let len2 = dx * dx + dy * dy
    let u = len2 > 0 ? min(1, max(0, ((p.x - s.x) * dx + (p.y - s.y) * dy) / len2)) : 0
    let qx = s.x + dx * u - p.x
    let qy = s.y + dy * u - p.y
    return Hit(edge: e, fraction: u, distanceSquared: qx * qx + qy * qy)
  }

  /// The nearest edge to `p` (among equally near ones, the first found, deterministically);
  /// `nil` without edges.
  ///
  /// - Complexity: O(1) expected for a point near the edges; grows with the number of rings
  ///   searched for a point far from them.
  func nearest(to p: Point) -> Hit? {
    guard edgeCount > 0, p.isFinite else { return nil }
    return starts.withUnsafeBufferPointer { a in
      ends.withUnsafeBufferPointer { b in
        cellStart.withUnsafeBufferPointer { first in
          items.withUnsafeBufferPointer { list in nearest(p, a, b, first, list) }
        }
      }
    }
  }

  /// The distance from each point to its nearest edge, px (0 for a non-finite point or
  /// without edges): `nearest` for many points, with the buffers opened once. (Starting each
  /// search from the edge the previous point found was tried: the first cell is searched whole
  /// anyway, so it cost about 2 % more instructions.)
  ///
  /// - Complexity: O(n) expected for n points near the edges.
  func distances(from points: [Point]) -> [Double] {
    guard edgeCount > 0 else { return [Double](repeating: 0, count: points.count) }
    return starts.withUnsafeBufferPointer { a in
      ends.withUnsafeBufferPointer { b in
        cellStart.withUnsafeBufferPointer { first in
          items.withUnsafeBufferPointer { list in
            points.map { p in
              p.isFinite ? nearest(p, a, b, first, list).distanceSquared.squareRoot() : 0
            }
          }
        }
      }
    }
  }

  private func nearest(
    _ p: Point, _ a: UnsafeBufferPointer<Point>, _ b: UnsafeBufferPointer<Point>,
    _ first: UnsafeBufferPointer<Int32>, _ list: UnsafeBufferPointer<Int32>
  ) -> Hit {
    let maxX = originX + Double(columns) * cell
    let maxY = originY + Double(rows) * cell
    let qx = min(maxX, max(originX, p.x))
    let qy = min(maxY, max(originY, p.y))
    let offset2 = (p.x - qx) * (p.x - qx) + (p.y - qy) * (p.y - qy)
    let cx = SegmentGrid.index((qx - originX) / cell, columns)
    let cy = SegmentGrid.index((qy - originY) / cell, rows)
    var best = Hit(edge: Int.max, fraction: 0, distanceSquared: .infinity)
    var r = 0
    while true {
      let x0 = cx - r
      let x1 = cx + r
      let y0 = cy - r
      let y1 = cy + r
      for y in max(0, y0)...min(rows - 1, y1) {
        // Ring r: whole rows at its top and bottom, only the two side cells in between.
        let gy = max(0, originY + Double(y) * cell - p.y, p.y - originY - Double(y + 1) * cell)
        let edgeRow = y == y0 || y == y1
        let step = edgeRow ? 1 : max(1, x1 - x0)
        var x = edgeRow ? max(0, x0) : x0
        while x <= min(columns - 1, x1) {
          // Skip cells that cannot hold anything nearer than the best so far.
          let gx = max(0, originX + Double(x) * cell - p.x, p.x - originX - Double(x + 1) * cell)
          if x >= 0, gx * gx + gy * gy < best.distanceSquared {
            let c = y * columns + x
            for i in Int(first[c])..<Int(first[c + 1]) {
              let e = Int(list[i])
              let h = SegmentGrid.hit(e, p, a, b, chain)
              if h.distanceSquared < best.distanceSquared
                || (h.distanceSquared == best.distanceSquared && e < best.edge)
              {
                best = h
              }
            }
          }
          x += step
        }
      }
      // Distance from the clamped point to the nearest cell outside the searched block.
      var bound = Double.infinity
      if x0 > 0 { bound = min(bound, qx - (originX + Double(x0) * cell)) }
      if x1 < columns - 1 { bound = min(bound, originX + Double(x1 + 1) * cell - qx) }
      if y0 > 0 { bound = min(bound, qy - (originY + Double(y0) * cell)) }
      if y1 < rows - 1 { bound = min(bound, originY + Double(y1 + 1) * cell - qy) }
      if bound == .infinity { break }
      // Projection onto the grid box is non-expansive: |p − x|² ≥ |q − x|² + |p − q|².
      let b = max(0, bound)
      if best.distanceSquared <= b * b + offset2 { break }
      r += 1
    }
    return best
  }

  /// True when some edge lies within `radius` of `p`.
  ///
  /// - Complexity: O(cells within `radius` + their edges), independent of how far the
  ///   nearest edge is.
  func hasEdge(within radius: Double, of p: Point) -> Bool {
    guard edgeCount > 0, p.isFinite else { return false }
    let x0 = SegmentGrid.index((p.x - radius - originX) / cell, columns)
    let x1 = SegmentGrid.index((p.x + radius - originX) / cell, columns)
    let y0 = SegmentGrid.index((p.y - radius - originY) / cell, rows)
    let y1 = SegmentGrid.index((p.y + radius - originY) / cell, rows)
    for y in y0...y1 {
      for x in x0...x1 {
        let c = y * columns + x
        for i in Int(cellStart[c])..<Int(cellStart[c + 1])
        where hit(Int(items[i]), p).distanceSquared <= radius * radius {
          return true
        }
      }
    }
    return false
  }

  /// Appends to `result` every edge that may lie within `radius` of `p` (every edge that
  /// does is included, some farther ones may be, and an edge may be listed more than once).
  func edges(near p: Point, within radius: Double, into result: inout [Int]) {
    guard edgeCount > 0, p.isFinite else { return }
    let x0 = SegmentGrid.index((p.x - radius - originX) / cell, columns)
    let x1 = SegmentGrid.index((p.x + radius - originX) / cell, columns)
    let y0 = SegmentGrid.index((p.y - radius - originY) / cell, rows)
    let y1 = SegmentGrid.index((p.y + radius - originY) / cell, rows)
    for y in y0...y1 {
      for x in x0...x1 {
        let c = y * columns + x
        for i in Int(cellStart[c])..<Int(cellStart[c + 1]) { result.append(Int(items[i])) }
      }
    }
  }
}
