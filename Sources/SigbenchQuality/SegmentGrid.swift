import SigbenchCore

/// Nearest-edge queries on a set of line segments ("edges"; an edge from a point to itself is
/// a point) through a uniform grid, so measuring n points against m edges costs about
/// O(n + m) instead of the O(n · m) of comparing all pairs.
///
/// Every edge is listed in every cell it passes through: an edge whose ends lie in the same
/// or neighbouring cells in the cells of its bounding box (one to four), a longer one cut into
/// pieces no longer than a cell, each listed in the cells of its own box. A cell lists runs of
/// consecutive edges (first, end), so a polyline that crosses a cell once costs one entry
/// there however many of its edges lie inside. `nearest` searches the query point's cell,
/// stops when the best edge is nearer than that cell's sides, else searches the other cells
/// the square around the point with the best distance as half-side covers, and only for a
/// point far from every edge (an empty own cell, or a best distance over a cell) falls back
/// to rings of cells around the point's cell that stop as soon as no unvisited cell can hold
/// anything nearer, and past `ringLimit` rings to a bounding-box hierarchy over the edges
/// (`EdgeHierarchy`), whose cost does not grow with the distance as rings do. Its distance is therefore exact: the same as
/// comparing with every edge (up to rounding at cell sides, some 1e-16 px). Cells are twice
/// the mean edge length but at least `minimumCell` (0.25 px, the scale of the distances
/// measured), grown by half until there are at most 4m + 64 of them (memory stays linear in m
/// for any bounding box). The uniform grid is the one of Ericson, Real-Time Collision Detection (2005), §7.1; cells are
/// filled by distribution counting (Knuth, TAOCP vol. 3, §5.2, Algorithm D).
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
  let starts: [Point]
  let ends: [Point]
  let chain: Bool
  /// Number of edges.
  let edgeCount: Int
  let originX: Double
  let originY: Double
  let cell: Double
  /// 1 / `cell`, computed once for every query.
  let inverse: Double
  let columns: Int
  let rows: Int
  /// Cell c lists runs `cellStart[c] ..< cellStart[c + 1]`, run i being edges
  /// `items[2i] ..< items[2i + 1]`; cells are row-major.
  let cellStart: [Int32]
  let items: [Int32]
  /// The same edges in a bounding-box hierarchy, for points far from every edge; built on
  /// the first such point (most grids never meet one).
  let hierarchy: LazyHierarchy

  /// Smallest cell side, px.
  static let minimumCell = 0.25
  /// Rings of cells searched around a far point's cell before the hierarchy takes over: near
  /// rings are cheaper than a descent from the root, far ones cost their area.
  static let ringLimit = 16

  /// The edges of `path` (vertex i to i + 1; a one-vertex path is one point edge), or, when
  /// the path is empty, `points` as point edges.
  init(path: MeasuredPath, points extra: [Point] = []) {
    let v = path.points
    if v.count > 1 {
      self.init(starts: v, ends: [], chain: true, count: v.count - 1, length: path.length)
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

  /// `length`: the edges' total length when known (a path's arc length), px.
  ///
  /// - Complexity: O(m + cells) time and memory for m edges.
  private init(
    starts a: [Point], ends b: [Point], chain: Bool, count m: Int, length: Double? = nil
  ) {
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
    if let length {
      total = length
    } else {
      for e in 0..<m { total += a[e].distance(to: chain ? a[e + 1] : b[e]) }
    }
    hierarchy = LazyHierarchy()
    guard m > 0 else {
      (originX, originY, cell, inverse, columns, rows) = (0, 0, 1, 1, 1, 1)
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
    inverse = 1 / c
    columns = Int(width / c) + 1
    rows = Int(height / c) + 1
    precondition(columns <= 1 << 31 && rows <= 1 << 31, "cells indexed by 32-bit integers")
    (cellStart, items) = SegmentGrid.bucket(
      a, b, chain: chain, count: m, originX: minX, originY: minY, cell: c, columns: columns,
      rows: rows)
  }

  /// Lists every edge in the cells it passes through, as runs of consecutive edges (a
  /// polyline's edges mostly follow one another through a cell, so a run stands for several):
  /// (cell, first edge, end edge) triples, then a counting sort by cell that keeps runs in
  /// ascending edge order within each cell. Returns the cell starts (indexing runs) and the
  /// runs as (first, end) pairs.
  ///
  /// - Complexity: O(m + cells + crossings) for m edges.
  private static func bucket(
    _ a: [Point], _ b: [Point], chain: Bool, count m: Int, originX: Double, originY: Double,
    cell: Double, columns: Int, rows: Int
  ) -> ([Int32], [Int32]) {
    var runs = RunBuffer(capacity: m / 2 + 16)
    defer { runs.deallocate() }
    let g = Layout(originX: originX, originY: originY, cell: cell, columns: columns, rows: rows)
    a.withUnsafeBufferPointer { a in
      if chain {
        chainRuns(a, count: m, g, into: &runs)
      } else {
        b.withUnsafeBufferPointer { b in
          for e in 0..<m {
            list(
              a[e], b[e], Int32(truncatingIfNeeded: e), from: g.cell(of: a[e]),
              to: g.cell(of: b[e]), g, into: &runs)
          }
        }
      }
    }
    runs.flush()
    // start[c + 1] counts, then (prefix sums) begins cell c + 1; filling moves it to the end
    // of cell c, so afterwards cell c is start[c] ..< start[c + 1].
    let cells = columns * rows
    let n = runs.count
    var start = [Int32](repeating: 0, count: cells + 2)
    let items = [Int32](unsafeUninitializedCapacity: 2 * n) { out, initialized in
      start.withUnsafeMutableBufferPointer { s in
        // Wrapping adds: the totals are at most the run count, far below 2³¹.
        for i in 0..<n { s[Int(runs.cells[i]) + 2] &+= 1 }
        var running: Int32 = 0
        for c in 2..<(cells + 2) {
          running &+= s[c]
          s[c] = running
        }
        for i in 0..<n {
          let c = Int(runs.cells[i]) + 1
          let k = 2 * Int(s[c])
          out[k] = runs.firsts[i]
          out[k + 1] = runs.ends[i]
          s[c] &+= 1
        }
      }
      initialized = 2 * n
    }
    return (start, items)
  }

  /// Where this grid's cells are.
  var layout: Layout {
    Layout(originX: originX, originY: originY, cell: cell, columns: columns, rows: rows)
  }

  /// Where the cells are: origin and side (px), column and row counts.
  struct Layout {
    let originX: Double
    let originY: Double
    let cell: Double
    let inverse: Double
    let columns: Int
    let rows: Int

    init(originX: Double, originY: Double, cell: Double, columns: Int, rows: Int) {
      (self.originX, self.originY, self.cell, self.columns, self.rows) = (
        originX, originY, cell, columns, rows
      )
      inverse = 1 / cell
    }

    /// The cell holding `p` (column, row), clamped to the grid.
    @inline(__always) func cell(of p: Point) -> (Int, Int) {
      (
        SegmentGrid.index((p.x - originX) * inverse, columns),
        SegmentGrid.index((p.y - originY) * inverse, rows)
      )
    }

    /// Row-major index of cell `c`.
    @inline(__always) func index(_ c: (Int, Int)) -> Int32 {
      Int32(truncatingIfNeeded: c.1 &* columns &+ c.0)
    }

    /// The sides of cell `c`: left, right, top, bottom (infinite at the grid's sides, like
    /// `cell(of:)`'s clamping).
    @inline(__always) func bounds(_ c: (Int, Int)) -> (Double, Double, Double, Double) {
      (
        c.0 == 0 ? -.infinity : originX + Double(c.0) * cell,
        c.0 == columns - 1 ? .infinity : originX + Double(c.0 + 1) * cell,
        c.1 == 0 ? -.infinity : originY + Double(c.1) * cell,
        c.1 == rows - 1 ? .infinity : originY + Double(c.1 + 1) * cell
      )
    }
  }

  /// Lists the edges of the chain `v` (vertex e to e + 1 for e < m). While vertices stay
  /// in the current cell (most do), an edge costs a comparison with the cell's sides.
  private static func chainRuns(
    _ v: UnsafeBufferPointer<Point>, count m: Int, _ g: Layout, into runs: inout RunBuffer
  ) {
    var c = g.cell(of: v[0])
    var box = g.bounds(c)
    var here = g.index(c)
    var p0 = v[0]
    for e in 0..<m {
      let p1 = v[e + 1]
      let edge = Int32(truncatingIfNeeded: e)
      // One branch on the four comparisons (bits and `&`, not `&&`: no branch for each).
      let inside =
        (p1.x >= box.0 ? 1 : 0) & (p1.x < box.1 ? 1 : 0) & (p1.y >= box.2 ? 1 : 0)
        & (p1.y < box.3 ? 1 : 0)
      if inside != 0 {
        // Both ends in one cell: so is the whole edge.
        runs.add(here, edge, open: true)
      } else {
        let next = g.cell(of: p1)
        list(p0, p1, edge, from: c, to: next, g, into: &runs)
        c = next
        box = g.bounds(c)
        here = g.index(c)
      }
      p0 = p1
    }
  }

  /// Lists the edge from `p0` (in cell `c0`) to `p1` (in cell `c1`) in every cell it passes
  /// through; the run in `c1` stays open for the next edge.
  @inline(__always) private static func list(
    _ p0: Point, _ p1: Point, _ edge: Int32, from c0: (Int, Int), to c1: (Int, Int),
    _ g: Layout, into runs: inout RunBuffer
  ) {
    if c0 == c1 {
      // Both ends in one cell: so is the whole edge.
      runs.add(g.index(c1), edge, open: true)
      return
    }
    if abs(c1.0 - c0.0) <= 1, abs(c1.1 - c0.1) <= 1 {
      // Ends in neighbouring cells: the edge's bounding box is those two to four cells; the
      // end's cell last, so that the run there stays open for the next edge.
      runs.add(g.index(c0), edge, open: false)
      if c1.0 != c0.0, c1.1 != c0.1 {
        runs.add(g.index((c1.0, c0.1)), edge, open: false)
        runs.add(g.index((c0.0, c1.1)), edge, open: false)
      }
      runs.add(g.index(c1), edge, open: true)
      return
    }
    runs.flush()
    let first = runs.count
    let pieces = max(1, Int((p0.distance(to: p1) * g.inverse).rounded(.up)))
    for k in 0..<pieces {
      let p = p0.lerp(p1, Double(k) / Double(pieces))
      let q = p0.lerp(p1, Double(k + 1) / Double(pieces))
      let (x0, y0) = g.cell(of: Point(x: min(p.x, q.x), y: min(p.y, q.y)))
      let (x1, y1) = g.cell(of: Point(x: max(p.x, q.x), y: max(p.y, q.y)))
      for y in y0...y1 {
        for x in x0...x1 {
          let c = g.index((x, y))
          // Pieces of one edge overlap in their shared cells: list each cell once.
          if !runs.hasCell(c, from: first) { runs.append(cell: c, first: edge, end: edge &+ 1) }
        }
      }
    }
  }

  /// (cell, first edge, end edge) runs in raw storage that doubles when full: appending costs
  /// a store and a count check, without the uniqueness and capacity checks of an array append.
  /// One run is kept open so that the next edge can extend it.
  private struct RunBuffer {
    var cells: UnsafeMutablePointer<Int32>
    var firsts: UnsafeMutablePointer<Int32>
    var ends: UnsafeMutablePointer<Int32>
    var count = 0
    var capacity: Int
    /// The open run: edges `openFirst ..< openEnd` in cell `openCell` (−1: none).
    var openCell: Int32 = -1
    var openFirst: Int32 = 0
    var openEnd: Int32 = 0

    /// Lists `edge` in cell `c`: extends the open run when it ends just before `edge` in `c`;
    /// else `open` closes that run and opens one here (the cell the curve goes on in), and
    /// without `open` the edge is a run of its own.
    @inline(__always) mutating func add(_ c: Int32, _ edge: Int32, open: Bool) {
      if c == openCell && openEnd == edge {
        openEnd = edge &+ 1
      } else if open {
        flush()
        (openCell, openFirst, openEnd) = (c, edge, edge &+ 1)
      } else {
        append(cell: c, first: edge, end: edge &+ 1)
      }
    }

    /// Closes the open run.
    @inline(__always) mutating func flush() {
      if openCell >= 0 { append(cell: openCell, first: openFirst, end: openEnd) }
      openCell = -1
    }

    init(capacity: Int) {
      self.capacity = capacity
      cells = .allocate(capacity: capacity)
      firsts = .allocate(capacity: capacity)
      ends = .allocate(capacity: capacity)
    }

    @inline(__always) mutating func append(cell: Int32, first: Int32, end: Int32) {
      if count == capacity { grow() }
      cells[count] = cell
      firsts[count] = first
      ends[count] = end
      count += 1
    }

    /// True when `cell` is among the runs from index `first` on.
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
      let f = UnsafeMutablePointer<Int32>.allocate(capacity: larger)
      let e = UnsafeMutablePointer<Int32>.allocate(capacity: larger)
      c.moveInitialize(from: cells, count: count)
      f.moveInitialize(from: firsts, count: count)
      e.moveInitialize(from: ends, count: count)
      cells.deallocate()
      firsts.deallocate()
      ends.deallocate()
      (cells, firsts, ends, capacity) = (c, f, e, larger)
    }

    func deallocate() {
      cells.deallocate()
      firsts.deallocate()
      ends.deallocate()
    }
  }

  /// ⌊v⌋ limited to 0…count − 1 (NaN gives 0), for count ≤ 2³¹ (columns and rows are).
  @inline(__always) static func index(_ v: Double, _ count: Int) -> Int {
    if !(v > 0) { return 0 }
    let last = count &- 1
    if v >= Double(last) { return last }
    return floorSmall(v)
  }

  /// ⌊v⌋ for 0 < v < 2³¹, without the checks of `Int(_:)` (finite, in range) that the callers
  /// already made: v + 1.5 · 2⁵² lies where doubles are the integers, so it holds v rounded
  /// to an integer r in its low 32 bits (r ≤ 2³¹ is exact as a double); ⌊v⌋ is r, or r − 1
  /// when r > v. That last step is done without a branch (taken for about half the points,
  /// a branch there was mispredicted about one time in two): the rounded difference v − r
  /// has the sign of the exact one and is +0 when they are equal, so its sign bit is set
  /// exactly when r > v, and the arithmetic shift turns it into −1 (else 0).
  @inline(__always) static func floorSmall(_ v: Double) -> Int {
    let r = Int(truncatingIfNeeded: (v + 6_755_399_441_055_744.0).bitPattern & 0xFFFF_FFFF)
    return r &+ Int(truncatingIfNeeded: Int64(bitPattern: (v - Double(r)).bitPattern) >> 63)
  }

  var isEmpty: Bool { edgeCount == 0 }
}
