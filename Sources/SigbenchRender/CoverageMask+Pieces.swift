import SigbenchCore

/// Direct fill of small polygons (the quads and joins of an outline stroke), cell for cell the
/// same as `fillPolygon`, without the general scanline pass.
///
/// A polygon of at most four vertices has at most four edges, so each cell row needs no active
/// list, bucket or sort: every edge is tested against the row, its crossing computed by the
/// very expression `ScanlineUnion` uses (`x0 + (yc − y0) · dxdy`, with `x0`, `y0` and `dxdy`
/// computed as there), and the crossings are walked with the non-zero rule. The cells set, the
/// dirty rectangle and the skipping of polygons with a non-finite vertex are those of
/// `fillPolygon`; since cells are OR-ed and a union samples half-open spans at cell centres,
/// filling an outline and then each stroke piece this way sets exactly the cells of one union
/// pass over all of them (`ScanlineUnion`), which is what `InkRasterizer` relies on.
///
/// - Complexity: O(rows spanned + cells set) per polygon, with no per-row bookkeeping beyond
///   its own four edges.
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
          var filler = PieceFiller(
            cells: buf.baseAddress!, cellWidth: w, cellHeight: h, scale: s,
            edges: edges.baseAddress!, crossings: crossings.baseAddress!)
          body(&filler)
          d = filler.dirty
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
    var firstRow: Int
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
  /// Cells set so far, half-open.
  var dirty = ScanlineUnion.Dirty()

  init(
    cells: UnsafeMutablePointer<UInt8>, cellWidth: Int, cellHeight: Int, scale: Double,
    edges: UnsafeMutablePointer<Edge>, crossings: UnsafeMutablePointer<Crossing>
  ) {
    self.cells = cells
    self.cellWidth = cellWidth
    self.cellHeight = cellHeight
    self.scale = scale
    self.edges = edges
    self.crossings = crossings
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
    // Edges as `ScanlineUnion.add` makes them (same expressions, same rows kept).
    let lastSample = Double(cellHeight) - 0.5
    var count = 0
    var lo = Int.max
    var hi = -Double.infinity
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
          let first = f > 0 ? ScanlineUnion.ceil(f) : 0
          edge[count] = Edge(
            y0: ty, y1: bty, x0: top.x * s, dxdy: (bottom.x - top.x) * s / (bty - ty),
            winding: down ? 1 : -1, firstRow: first)
          count += 1
          if first < lo { lo = first }
          if bty > hi { hi = bty }
        }
      }
      a = b
      ay = by
    }
    guard count >= 2 else { return }
    let r0 = lo
    let r1 = min(cellHeight, ScanlineUnion.ceil(min(Double(cellHeight), hi - 0.5)))
    guard r0 < r1 else { return }
    let w = cellWidth
    let cr = crossings
    for row in r0..<r1 {
      let yc = Double(row) + 0.5
      // The row's crossings (two unless the polygon is not convex, at most four).
      var m = 0
      for k in 0..<count {
        let e = edge[k]
        guard row >= e.firstRow && e.y1 > yc else { continue }
        cr[m] = Crossing(x: e.x0 + (yc - e.y0) * e.dxdy, winding: e.winding)
        m += 1
      }
      guard m >= 2 else { continue }
      let base = cells + row * w
      if m == 2 {
        // A closed polygon's crossings on a row sum to zero: one span between the two.
        let c0 = cr[0]
        let c1 = cr[1]
        if c0.winding + c1.winding == 0 {
          if c0.x <= c1.x {
            span(base, row: row, from: c0.x, to: c1.x, w)
          } else {
            span(base, row: row, from: c1.x, to: c0.x, w)
          }
        }
        continue
      }
      // More crossings: sort them by x (insertion) and walk the winding number.
      for i in 1..<m {
        let c = cr[i]
        var j = i
        while j > 0, cr[j - 1].x > c.x {
          cr[j] = cr[j - 1]
          j -= 1
        }
        cr[j] = c
      }
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
  }

  /// Sets the cells of one row whose centres lie in [from, to): `ScanlineUnion.span`'s cells
  /// and dirty update, with short runs written by two overlapping stores instead of a
  /// `memset` call (a 1 px stroke at 2× sets 2–6 cells a row).
  @inline(__always) mutating func span(
    _ base: UnsafeMutablePointer<UInt8>, row: Int, from: Double, to: Double, _ w: Int
  ) {
    let lo = max(-1, min(Double(w) + 1, from - 0.5))
    let hi = max(-1, min(Double(w) + 1, to - 0.5))
    let c0 = max(0, ScanlineUnion.ceil(lo))
    let c1 = min(w - 1, ScanlineUnion.ceil(hi) - 1)
    guard c0 <= c1 else { return }
    if row < dirty.minRow { dirty.minRow = row }
    if row + 1 > dirty.maxRow { dirty.maxRow = row + 1 }
    if c0 < dirty.minCol { dirty.minCol = c0 }
    if c1 + 1 > dirty.maxCol { dirty.maxCol = c1 + 1 }
    let n = c1 - c0 + 1
    let p = UnsafeMutableRawPointer(base + c0)
    if n >= 8 && n <= 16 {
      p.storeBytes(of: 0x0101_0101_0101_0101, as: UInt64.self)
      p.storeBytes(of: 0x0101_0101_0101_0101, toByteOffset: n - 8, as: UInt64.self)
    } else if n >= 4 && n < 8 {
      p.storeBytes(of: 0x0101_0101, as: UInt32.self)
      p.storeBytes(of: 0x0101_0101, toByteOffset: n - 4, as: UInt32.self)
    } else if n >= 2 && n < 4 {
      p.storeBytes(of: 0x0101, as: UInt16.self)
      p.storeBytes(of: 0x0101, toByteOffset: n - 2, as: UInt16.self)
    } else if n == 1 {
      p.storeBytes(of: 1, as: UInt8.self)
    } else {
      (base + c0).update(repeating: 1, count: n)
    }
  }
}
