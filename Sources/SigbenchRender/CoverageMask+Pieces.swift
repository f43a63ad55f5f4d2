import SigbenchCore

/// Direct fill of small polygons (the quads and joins of an outline stroke, the quads of a
/// polyline), cell for cell the same as the general scanline pass (`ScanlineUnion`).
///
/// A polygon of at most four vertices has at most four edges, so no active list, bucket or sort
/// is needed. Each edge gets its row range (`⌈y0 − ½⌉ ..< ⌈y1 − ½⌉`, the rows whose sample
/// line it crosses); between two consecutive range ends the set of crossing edges is fixed, and
/// with two edges of opposite winding (every convex polygon) each row is one span between
/// their crossings, computed by the very expression `ScanlineUnion` uses (`x0 + (yc − y0) ·
/// dxdy`, with `x0`, `y0` and `dxdy` computed as there). Other rows sort their crossings and
/// walk the non-zero winding number, as the pass does. The cells set, the dirty rectangle and
/// the skipping of polygons with a non-finite vertex are those of the pass; and since cells
/// are OR-ed and a union samples half-open spans at cell centres, filling an outline and then
/// each piece of its stroke this way sets exactly the cells of one union pass over all of them,
/// which is what `InkRasterizer` relies on (tested against the pass on random polygons and on
/// UberSignature's stroked outlines).
///
/// Cost (callgrind, the `smooth+raster` lane's counted points of uber-weighted on SVC2004):
/// outlines and their stroke (stroker included) take about 3.0 M instructions this way against
/// 3.9 M in union passes, chiefly by dropping the per-row sort and group counters of the pass.
///
/// - Complexity: O(rows spanned + cells set) per polygon.
extension CoverageMask {
  /// Calls `body` with a filler that ORs pieces into this mask (`PieceFiller.fill`), holding
  /// the cell storage and the scratch edges once for all of them.
  public mutating func fillingPieces(_ body: (inout PieceFiller) -> Void) {
    let w = cellWidth
    let h = cellHeight
    let s = Double(factor)
    var d = ScanlineUnion.Dirty()
    cells.withUnsafeMutableBufferPointer { buf in
      withUnsafeTemporaryAllocation(of: PieceFiller.Edge.self, capacity: 4) { edges in
        withUnsafeTemporaryAllocation(of: PieceFiller.Crossing.self, capacity: 4) { crossings in
          withUnsafeTemporaryAllocation(of: Int.self, capacity: 4) { active in
            var filler = PieceFiller(
              cells: buf.baseAddress!, cellWidth: w, cellHeight: h, scale: s,
              edges: edges.baseAddress!, crossings: crossings.baseAddress!,
              active: active.baseAddress!)
            body(&filler)
            d = filler.dirty
          }
        }
      }
    }
    guard d.minRow < d.maxRow else { return }
    if d.minRow < minRow { minRow = d.minRow }
    if d.maxRow > maxRow { maxRow = d.maxRow }
    if d.minCol < minCol { minCol = d.minCol }
    if d.maxCol > maxCol { maxCol = d.maxCol }
  }

  /// Fills the closed polygon `points` (output pixels) with the non-zero winding rule: exactly
  /// the cells and dirty rectangle of `fillPolygon(points)`. Meant for stroke pieces of 3 or 4
  /// vertices; a longer polygon goes through `fillPolygon`.
  public mutating func fillPiece(_ points: UnsafeBufferPointer<Point>) {
    guard points.count <= 4 else {
      fillPolygon(points)
      return
    }
    fillingPieces { $0.fill(points) }
  }
}

/// ORs polygons of at most four vertices into a coverage mask's cells (see
/// `CoverageMask.fillingPieces`). Valid only inside the call that made it.
public struct PieceFiller {
  /// One edge, in cell units, as `ScanlineUnion.Edge` stores it.
  struct Edge {
    var y0: Double
    var y1: Double
    var x0: Double
    var dxdy: Double
    var winding: Int
    /// Rows `firstRow..<lastRow` are crossed.
    var firstRow: Int
    var lastRow: Int
  }

  /// One edge's crossing with a cell row.
  struct Crossing {
    var x: Double
    var winding: Int
  }

  let cells: UnsafeMutablePointer<UInt8>
  let cellWidth: Int
  let cellHeight: Int
  let scale: Double
  let edges: UnsafeMutablePointer<Edge>
  let crossings: UnsafeMutablePointer<Crossing>
  /// Indices of the edges crossing the current row.
  let active: UnsafeMutablePointer<Int>
  /// Cells set so far, half-open.
  var dirty = ScanlineUnion.Dirty()

  init(
    cells: UnsafeMutablePointer<UInt8>, cellWidth: Int, cellHeight: Int, scale: Double,
    edges: UnsafeMutablePointer<Edge>, crossings: UnsafeMutablePointer<Crossing>,
    active: UnsafeMutablePointer<Int>
  ) {
    self.cells = cells
    self.cellWidth = cellWidth
    self.cellHeight = cellHeight
    self.scale = scale
    self.edges = edges
    self.crossings = crossings
    self.active = active
  }

  /// ORs the closed polygon `points` (3 or 4 vertices, output pixels) into the cells with the
  /// non-zero rule; a polygon with a non-finite vertex, or with fewer than 3 or more than 4
  /// vertices, is skipped.
  @inline(__always) public mutating func fill(_ points: UnsafeBufferPointer<Point>) {
    let n = points.count
    guard n >= 3 && n <= 4 else { return }
    for p in points where !p.isFinite { return }
    let s = scale
    let edge = edges
    // Edges as `ScanlineUnion.add` makes them (same expressions, same rows kept). An edge
    // crosses row r when y0 ≤ r + ½ < y1, i.e. for firstRow ≤ r < lastRow with firstRow =
    // ⌈y0 − ½⌉ and lastRow = ⌈y1 − ½⌉ (y1 − ½ is exact for y1 > ½), both clamped to the mask.
    let h = cellHeight
    let lastSample = Double(h) - 0.5
    var count = 0
    var r0 = Int.max
    var r1 = Int.min
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
          let last = smallCeiling(min(Double(h), bty - 0.5))
          edge[count] = Edge(
            y0: ty, y1: bty, x0: top.x * s, dxdy: (bottom.x - top.x) * s / (bty - ty),
            winding: down ? 1 : -1, firstRow: first, lastRow: last)
          count &+= 1
          if first < r0 { r0 = first }
          if last > r1 { r1 = last }
        }
      }
      a = b
      ay = by
    }
    guard count >= 2, r0 < r1 else { return }
    let w = cellWidth
    var row = r0
    while row < r1 {
      // The edges active on `row`, and the next row where that set changes.
      var next = r1
      var m = 0
      for k in 0..<count {
        let e = edge[k]
        if e.firstRow > row {
          if e.firstRow < next { next = e.firstRow }
        } else if e.lastRow > row {
          if e.lastRow < next { next = e.lastRow }
          active[m] = k
          m &+= 1
        }
      }
      if m == 2 && edge[active[0]].winding &+ edge[active[1]].winding == 0 {
        // Two crossings of opposite winding (a convex polygon): one span between them.
        let e0 = edge[active[0]]
        let e1 = edge[active[1]]
        while row < next {
          let yc = Double(row) + 0.5
          let x0 = e0.x0 + (yc - e0.y0) * e0.dxdy
          let x1 = e1.x0 + (yc - e1.y0) * e1.dxdy
          let base = cells + row &* w
          if x0 <= x1 {
            span(base, row: row, from: x0, to: x1, w)
          } else {
            span(base, row: row, from: x1, to: x0, w)
          }
          row &+= 1
        }
      } else if m >= 2 {
        while row < next {
          walk(row: row, active: m, w)
          row &+= 1
        }
      } else {
        row = next
      }
    }
  }

  /// Sorts the crossings of the `m` active edges with `row` by x (insertion, as the union pass
  /// keeps them) and sets the spans where the winding number is not zero.
  mutating func walk(row: Int, active m: Int, _ w: Int) {
    let yc = Double(row) + 0.5
    let cr = crossings
    for i in 0..<m {
      let e = edges[active[i]]
      let c = Crossing(x: e.x0 + (yc - e.y0) * e.dxdy, winding: e.winding)
      var j = i
      while j > 0, cr[j - 1].x > c.x {
        cr[j] = cr[j - 1]
        j -= 1
      }
      cr[j] = c
    }
    let base = cells + row &* w
    var winding = 0
    var start = 0.0
    for c in 0..<m {
      let old = winding
      winding = old &+ cr[c].winding
      if old == 0 {
        start = cr[c].x
      } else if winding == 0 {
        span(base, row: row, from: start, to: cr[c].x, w)
      }
    }
  }

  /// Sets the cells of one row whose centres lie in [from, to): `ScanlineUnion.span`'s cells
  /// and dirty update, with short runs written by two overlapping stores instead of a
  /// `memset` call (a 1 px stroke at 2× sets 2–6 cells a row, `CoverageMask.setCells`).
  @inline(__always) mutating func span(
    _ base: UnsafeMutablePointer<UInt8>, row: Int, from: Double, to: Double, _ w: Int
  ) {
    let lo = max(-1, min(Double(w) + 1, from - 0.5))
    let hi = max(-1, min(Double(w) + 1, to - 0.5))
    let c0 = max(0, smallCeiling(lo))
    let c1 = min(w - 1, smallCeiling(hi) - 1)
    guard c0 <= c1 else { return }
    if row < dirty.minRow { dirty.minRow = row }
    if row + 1 > dirty.maxRow { dirty.maxRow = row + 1 }
    if c0 < dirty.minCol { dirty.minCol = c0 }
    if c1 + 1 > dirty.maxCol { dirty.maxCol = c1 + 1 }
    CoverageMask.setCells(base + c0, count: c1 - c0 + 1)
  }
}
