import SigbenchCore

/// One active-edge scanline pass that fills the union of several closed polygons, each filled
/// with the non-zero winding rule on its own, into a binary cell mask.
///
/// Every polygon added is a *group* with its own winding counter; while sweeping a cell row
/// left to right the pass counts the groups whose counter is non-zero and sets the cells whose
/// centres lie where that count is above zero. The cells set are exactly those that filling
/// every polygon alone and OR-ing the results would set: each edge's crossing is computed by
/// the same expression, a cell is inside a span `[a, b)` when `a ≤ centre < b`, and the union
/// of half-open spans sampled at cell centres does not depend on how the spans are merged.
/// An outline stroke made of many tiny quads and joins (UberSignature's 1 pt stroke) is thus
/// one pass instead of one pass per piece.
///
/// Cell row `r` samples at `y = r + 0.5` (cell units); an edge from `y0` to `y1` (`y0 < y1`)
/// crosses row `r` when `y0 ≤ r + 0.5 < y1`, i.e. for `⌈y0 − ½⌉ ≤ r < ⌈y1 − ½⌉`. Edges are
/// bucketed by their first row (no sort); the active edges' crossings are kept in x order from
/// row to row and re-sorted by insertion, which is nearly linear because edges move little
/// between rows.
///
/// The arrays are scratch storage whose `count` is their usable capacity: they only grow,
/// and once grown a pass allocates nothing.
///
/// - Complexity: O(e + rows + Σ_rows (a + inversions) + cells set) for `e` edges spanning
///   `rows` cell rows and `a` edges active on a row; inversions are the crossings an edge passes
///   while it is sorted in, when edges cross or one starts (few).
struct ScanlineUnion: Sendable {
  struct Edge {
    /// Top and bottom, cell units (`y0 < y1`).
    var y0: Double
    var y1: Double
    /// x at `y0` and its change per cell row, cell units.
    var x0: Double
    var dxdy: Double
    var winding: Int32
    var group: Int32
    /// First cell row the edge may cross (`⌈y0 − ½⌉`, at least 0).
    var firstRow: Int32
    /// Next edge starting on the same row (bucket list), −1 at the end.
    var next: Int32
  }

  /// An active edge's crossing with the current row; the list stays sorted by `x` from row
  /// to row, so keeping it sorted as the edges move is nearly linear.
  struct Crossing {
    var x: Double
    var edge: Int32
    var winding: Int32
    var group: Int32
  }

  /// Cells touched by a pass, half-open; empty when `minRow >= maxRow`.
  struct Dirty {
    var minRow = Int.max
    var maxRow = Int.min
    var minCol = Int.max
    var maxCol = Int.min
  }

  var edges: [Edge] = []
  var edgeCount = 0
  var groupCount = 0
  /// Smallest `firstRow` and largest `y1` of the edges added.
  var minRow = Int.max
  var maxY = -Double.infinity
  var heads: [Int32] = []
  var crossings: [Crossing] = []
  var counters: [Int32] = []

  /// Forgets every polygon added (keeps the storage).
  mutating func reset() {
    edgeCount = 0
    groupCount = 0
    minRow = .max
    maxY = -.infinity
  }

  /// Grows the scratch storage to hold `edges` edges, `groups` polygons and `rows` cell rows
  /// without allocating during later passes.
  mutating func reserve(edges e: Int, groups: Int, rows: Int) {
    Self.grow(
      &edges, to: e, Edge(y0: 0, y1: 0, x0: 0, dxdy: 0, winding: 0, group: 0, firstRow: 0, next: -1)
    )
    Self.grow(&crossings, to: e, Crossing(x: 0, edge: 0, winding: 0, group: 0))
    Self.grow(&counters, to: groups, 0)
    Self.grow(&heads, to: rows + 1, -1)
  }

  /// Appends `filler` until `array` holds at least `n` elements, at least doubling it.
  private static func grow<T>(_ array: inout [T], to n: Int, _ filler: T) {
    guard array.count < n else { return }
    array.append(contentsOf: repeatElement(filler, count: max(n, 2 * array.count) - array.count))
  }

  /// Adds the closed polygon `points` (output pixels; the last point joins the first) as its
  /// own group, scaled by `scale` into cell units for a mask `cellHeight` rows tall. A polygon
  /// with a non-finite coordinate is skipped whole, like one without crossing edges.
  mutating func add(_ points: UnsafeBufferPointer<Point>, scale s: Double, cellHeight: Int) {
    let n = points.count
    guard n >= 3 else { return }
    for p in points where !p.isFinite { return }
    if edges.count < edgeCount + n {
      Self.grow(
        &edges, to: edgeCount + n,
        Edge(y0: 0, y1: 0, x0: 0, dxdy: 0, winding: 0, group: 0, firstRow: 0, next: -1))
    }
    // A row r is crossed when y0 ≤ r + ½ < y1: edges ending above row 0's sample or starting
    // below the last row's are left out.
    let lastSample = Double(cellHeight) - 0.5
    let group = Int32(truncatingIfNeeded: groupCount)
    var count = edgeCount
    var lo = minRow
    var hi = maxY
    edges.withUnsafeMutableBufferPointer { buf in
      let edge = buf.baseAddress!
      var a = points[n - 1]
      var ay = a.y * s
      for i in 0..<n {
        let b = points[i]
        let by = b.y * s
        if ay != by {
          let down = ay < by
          let (top, bottom) = down ? (a, b) : (b, a)
          let ty = down ? ay : by
          let bty = down ? by : ay
          if bty > 0.5 && ty <= lastSample {
            let f = ty - 0.5
            let first = f > 0 ? smallCeiling(f) : 0
            edge[count] = Edge(
              y0: ty, y1: bty, x0: top.x * s, dxdy: (bottom.x - top.x) * s / (bty - ty),
              winding: down ? 1 : -1, group: group, firstRow: Int32(truncatingIfNeeded: first),
              next: -1)
            count += 1
            if first < lo { lo = first }
            if bty > hi { hi = bty }
          }
        }
        a = b
        ay = by
      }
    }
    guard count > edgeCount else { return }
    edgeCount = count
    minRow = lo
    maxY = hi
    groupCount += 1
  }

  /// Sets the cells of the union of every polygon added since `reset()` in the row-major mask
  /// `cells` (`cellWidth` cells per row, `cellHeight` rows), widening `dirty` by the cells set.
  mutating func fill(
    _ cells: UnsafeMutablePointer<UInt8>, cellWidth w: Int, cellHeight: Int, dirty: inout Dirty
  ) {
    guard edgeCount >= 2 else { return }
    // Rows r0..<r1: r1 = ⌈maxY − ½⌉ (maxY > ½ for every edge kept), at most cellHeight.
    let r0 = minRow
    let r1 = min(cellHeight, smallCeiling(min(Double(cellHeight), maxY - 0.5)))
    guard r0 < r1 else { return }
    let rows = r1 - r0
    reserve(edges: edgeCount, groups: groupCount, rows: rows)
    // Work on local arrays (moved out, so they stay uniquely referenced) to hold their
    // buffers at once without overlapping accesses to `self`.
    var e: [Edge] = []
    var hd: [Int32] = []
    var cr: [Crossing] = []
    var ct: [Int32] = []
    swap(&e, &edges)
    swap(&hd, &heads)
    swap(&cr, &crossings)
    swap(&ct, &counters)
    let edgeCount = edgeCount
    let groupCount = groupCount
    e.withUnsafeMutableBufferPointer { edge in
      hd.withUnsafeMutableBufferPointer { head in
        cr.withUnsafeMutableBufferPointer { cr in
          ct.withUnsafeMutableBufferPointer { ct in
            let edge = edge.baseAddress!
            let head = head.baseAddress!
            // One bucket per row, plus one for edges that start at r1 (they cross no row).
            head.update(repeating: -1, count: rows + 1)
            ct.baseAddress!.update(repeating: 0, count: groupCount)
            for i in 0..<edgeCount {
              let b = Int(edge[i].firstRow) - r0
              edge[i].next = head[b]
              head[b] = Int32(truncatingIfNeeded: i)
            }
            Self.sweep(
              edge, head, rows: rows, firstRow: r0, crossings: cr.baseAddress!,
              counters: ct.baseAddress!, groups: groupCount, cells: cells, cellWidth: w,
              dirty: &dirty)
          }
        }
      }
    }
    swap(&e, &edges)
    swap(&hd, &heads)
    swap(&cr, &crossings)
    swap(&ct, &counters)
  }

  /// Inserts `c` into the first `count` crossings, kept sorted by x (insertion sort: the list
  /// is nearly sorted from row to row, so this is O(1) amortised per crossing).
  @inline(__always)
  private static func insertSorted(
    _ c: Crossing, into cr: UnsafeMutablePointer<Crossing>, count m: inout Int
  ) {
    var j = m
    while j > 0, cr[j - 1].x > c.x {
      cr[j] = cr[j - 1]
      j -= 1
    }
    cr[j] = c
    m += 1
  }

  private static func sweep(
    _ edge: UnsafeMutablePointer<Edge>, _ head: UnsafeMutablePointer<Int32>, rows: Int,
    firstRow r0: Int, crossings cr: UnsafeMutablePointer<Crossing>,
    counters: UnsafeMutablePointer<Int32>, groups: Int, cells: UnsafeMutablePointer<UInt8>,
    cellWidth w: Int, dirty: inout Dirty
  ) {
    var n = 0
    for b in 0..<rows {
      let row = r0 + b
      let yc = Double(row) + 0.5
      // Drop the edges that ended (y1 ≤ yc), move the others to this row and keep the list
      // sorted by insertion (slots below i are free once read).
      var m = 0
      for i in 0..<n {
        var c = cr[i]
        let e = edge[Int(c.edge)]
        if e.y1 <= yc { continue }
        c.x = e.x0 + (yc - e.y0) * e.dxdy
        insertSorted(c, into: cr, count: &m)
      }
      // Edges starting on this row (an edge between two samples crosses none).
      var k = head[b]
      while k >= 0 {
        let e = edge[Int(k)]
        if e.y1 > yc {
          insertSorted(
            Crossing(
              x: e.x0 + (yc - e.y0) * e.dxdy, edge: k, winding: e.winding, group: e.group),
            into: cr, count: &m)
        }
        k = e.next
      }
      n = m
      guard n >= 2 else { continue }
      var start = 0.0
      let base = cells + row * w
      if groups == 1 {
        // One polygon: its winding number in a register instead of the group counters (the
        // same spans: the count of non-zero groups is 1 exactly where the winding is not 0).
        var winding: Int32 = 0
        for c in 0..<n {
          let old = winding
          winding = old &+ cr[c].winding
          if old == 0 {
            start = cr[c].x
          } else if winding == 0 {
            span(base, row: row, from: start, to: cr[c].x, w, &dirty)
          }
        }
        continue
      }
      var inside = 0
      for c in 0..<n {
        let g = Int(cr[c].group)
        let old = counters[g]
        let new = old &+ cr[c].winding
        counters[g] = new
        if old == 0 {
          if inside == 0 { start = cr[c].x }
          inside += 1
        } else if new == 0 {
          inside -= 1
          if inside == 0 { span(base, row: row, from: start, to: cr[c].x, w, &dirty) }
        }
      }
    }
  }

  /// Sets cells of one row whose centres lie in [from, to).
  @inline(__always) static func span(
    _ base: UnsafeMutablePointer<UInt8>, row: Int, from: Double, to: Double, _ w: Int,
    _ dirty: inout Dirty
  ) {
    // Cell c has its centre at c + 0.5. Clamp in floating point first so huge values never
    // overflow the integer conversion.
    let lo = max(-1, min(Double(w) + 1, from - 0.5))
    let hi = max(-1, min(Double(w) + 1, to - 0.5))
    let c0 = max(0, smallCeiling(lo))
    let c1 = min(w - 1, smallCeiling(hi) - 1)
    guard c0 <= c1 else { return }
    if row < dirty.minRow { dirty.minRow = row }
    if row + 1 > dirty.maxRow { dirty.maxRow = row + 1 }
    if c0 < dirty.minCol { dirty.minCol = c0 }
    if c1 + 1 > dirty.maxCol { dirty.maxCol = c1 + 1 }
    // Short runs by overlapping stores rather than a `memset` call (`CoverageMask.setCells`).
    CoverageMask.setCells(base + c0, count: c1 - c0 + 1)
  }
}
