import SigbenchCore

// Nearest-edge searches of `SegmentGrid`: one point (`nearest(to:)`), many points
// (`distances(from:)`), and the rings and hierarchy for points far from every edge.

extension SegmentGrid {

  /// The nearest point of edge `e` to `p`.
  func hit(_ e: Int, _ p: Point) -> Hit {
    starts.withUnsafeBufferPointer { a in
      ends.withUnsafeBufferPointer { b in SegmentGrid.hit(e, p, a, b, chain) }
    }
  }

  @inline(__always) static func hit(
    _ e: Int, _ p: Point, _ a: UnsafeBufferPointer<Point>, _ b: UnsafeBufferPointer<Point>,
    _ chain: Bool
  ) -> Hit {
    let s = a[e]
    let t = chain ? a[e + 1] : b[e]
    let dx = t.x - s.x
    let dy = t.y - s.y
    let len2 = dx * dx + dy * dy
    // min(1, max(0, v)) as selects that compile to maxsd and minsd (the division done even
    // for a point edge, whose u is 0 all the same): no branch to mispredict on which side of
    // the edge's start p lies (one point in two, in a cell's list). Equal for every v,
    // NaN included (0), but for the sign of a zero u, which changes neither the distance
    // (it is squared) nor an arc length computed from u.
    let v = ((p.x - s.x) * dx + (p.y - s.y) * dy) / len2
    let low = v > 0 ? v : 0
    let u = len2 > 0 ? (1 < low ? 1 : low) : 0
    let qx = s.x + dx * u - p.x
    let qy = s.y + dy * u - p.y
    return Hit(edge: e, fraction: u, distanceSquared: qx * qx + qy * qy)
  }

  /// The nearest edge to `p` (among equally near ones, one chosen deterministically); `nil`
  /// without edges.
  ///
  /// - Complexity: O(1) expected for a point near the edges; grows with the number of rings
  ///   searched for a point far from them.
  func nearest(to p: Point) -> Hit? {
    guard edgeCount > 0, p.isFinite else { return nil }
    return starts.withUnsafeBufferPointer { a in
      ends.withUnsafeBufferPointer { b in
        cellStart.withUnsafeBufferPointer { first in
          items.withUnsafeBufferPointer { list in
            nearest(p, chain, layout, a, b, first, list, keeping: Hit.self)
          }
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
            [Double](unsafeUninitializedCapacity: points.count) { out, initialized in
              // The grid's sides as values: read once, not again for every point (the
              // stores to `out` might alias the grid as far as the compiler knows).
              let g = layout
              @inline(__always) func distance(_ p: Point, _ chain: Bool) -> Double {
                // `p.isFinite` in two subtractions: v − v is 0 exactly when v is finite (NaN
                // for ±∞ and NaN), cheaper than testing the exponent bits of each coordinate.
                guard p.x - p.x == 0, p.y - p.y == 0 else { return 0 }
                return nearest(p, chain, g, a, b, first, list, keeping: Distance.self)
                  .distanceSquared.squareRoot()
              }
              // One loop per kind of edge list, so the search inside is specialised for it.
              if chain {
                for (i, p) in points.enumerated() { out[i] = distance(p, true) }
              } else {
                for (i, p) in points.enumerated() { out[i] = distance(p, false) }
              }
              initialized = points.count
            }
          }
        }
      }
    }
  }

  /// The nearest edge to the finite point `p` (`chain`: this grid's `chain`, passed so that
  /// an inlined search is specialised for it).
  @inline(__always) private func nearest<Best: BestSoFar>(
    _ p: Point, _ chain: Bool, _ g: Layout, _ a: UnsafeBufferPointer<Point>,
    _ b: UnsafeBufferPointer<Point>, _ first: UnsafeBufferPointer<Int32>,
    _ list: UnsafeBufferPointer<Int32>, keeping: Best.Type
  ) -> Best {
    let (originX, originY, cell, inverse, columns, rows) = (
      g.originX, g.originY, g.cell, g.inverse, g.columns, g.rows
    )
    let fx = (p.x - originX) * inverse
    let fy = (p.y - originY) * inverse
    let cx = SegmentGrid.index(fx, columns)
    let cy = SegmentGrid.index(fy, rows)
    var best = Best.none
    SegmentGrid.scan(cy &* columns &+ cx, p, a, b, chain, first, list, &best)
    if best.distanceSquared < .infinity {
      // Every other cell is at least as far from p as the nearest side of p's cell that has
      // cells beyond it: when the best edge is no farther, the search is over (about half
      // the points measured, whose nearest edge is much shorter than a cell away).
      var side = Double.infinity
      if cx > 0 { side = min(side, fx - Double(cx)) }
      if cx < columns &- 1 { side = min(side, Double(cx &+ 1) - fx) }
      if cy > 0 { side = min(side, fy - Double(cy)) }
      if cy < rows &- 1 { side = min(side, Double(cy &+ 1) - fy) }
      side *= cell
      if side > 0, best.distanceSquared <= side * side { return best }
      // Every edge nearer than the best so far meets the square of half-side d around p, so
      // it is listed in a cell of the block that square covers. When that block lies within
      // the ring around p's cell (nearly always: d is about an edge's distance), searching
      // its other cells finishes the search.
      let d = best.distanceSquared.squareRoot()
      let x0 = SegmentGrid.index((p.x - d - originX) * inverse, columns)
      let x1 = SegmentGrid.index((p.x + d - originX) * inverse, columns)
      let y0 = SegmentGrid.index((p.y - d - originY) * inverse, rows)
      let y1 = SegmentGrid.index((p.y + d - originY) * inverse, rows)
      if x1 - x0 <= 2, y1 - y0 <= 2 {
        for y in y0...y1 {
          let gy = max(0, originY + Double(y) * cell - p.y, p.y - originY - Double(y + 1) * cell)
          for x in x0...x1 where x != cx || y != cy {
            let gx = max(0, originX + Double(x) * cell - p.x, p.x - originX - Double(x + 1) * cell)
            if gx * gx + gy * gy <= best.distanceSquared {
              SegmentGrid.scan(y &* columns &+ x, p, a, b, chain, first, list, &best)
            }
          }
        }
        return best
      }
    }
    let qx = min(originX + Double(columns) * cell, max(originX, p.x))
    let qy = min(originY + Double(rows) * cell, max(originY, p.y))
    let offset2 = (p.x - qx) * (p.x - qx) + (p.y - qy) * (p.y - qy)
    // Rings of cells around p's cell, from the first ring on, up to `ringLimit`; a point
    // farther out goes to the hierarchy, whose cost does not grow with the distance.
    var r = 1
    while true {
      if r > SegmentGrid.ringLimit {
        var hit = best.hit
        farSearch(p, &hit, a, b)
        best = Best(hit)
        break
      }
      // Distance from the clamped point to the nearest cell outside the searched block.
      var bound = Double.infinity
      if cx - r + 1 > 0 { bound = min(bound, qx - (originX + Double(cx - r + 1) * cell)) }
      if cx + r - 1 < columns - 1 { bound = min(bound, originX + Double(cx + r) * cell - qx) }
      if cy - r + 1 > 0 { bound = min(bound, qy - (originY + Double(cy - r + 1) * cell)) }
      if cy + r - 1 < rows - 1 { bound = min(bound, originY + Double(cy + r) * cell - qy) }
      if bound == .infinity { break }
      // Projection onto the grid box is non-expansive: |p − x|² ≥ |q − x|² + |p − q|².
      let reach = max(0, bound)
      if best.distanceSquared <= reach * reach + offset2 { break }
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
            SegmentGrid.scan(y &* columns &+ x, p, a, b, chain, first, list, &best)
          }
          x += step
        }
      }
      r += 1
    }
    return best
  }

  /// The hierarchy's search, out of line: the rare path stays out of `nearest`'s inlined body.
  @inline(never) private func farSearch(
    _ p: Point, _ best: inout Hit, _ a: UnsafeBufferPointer<Point>, _ b: UnsafeBufferPointer<Point>
  ) {
    let isChain = chain
    let tree = hierarchy.get {
      EdgeHierarchy(starts: starts, ends: ends, chain: isChain, count: edgeCount)
    }
    tree.search(p, &best) { SegmentGrid.hit($0, p, a, b, isChain) }
  }

  /// Compares every edge listed in cell `c` with `best` (among equally near edges the lower
  /// index wins).
  @inline(__always) private static func scan<Best: BestSoFar>(
    _ c: Int, _ p: Point, _ a: UnsafeBufferPointer<Point>, _ b: UnsafeBufferPointer<Point>,
    _ chain: Bool, _ first: UnsafeBufferPointer<Int32>, _ list: UnsafeBufferPointer<Int32>,
    _ best: inout Best
  ) {
    for i in Int(first[c])..<Int(first[c &+ 1]) {
      var e = Int(list[i &* 2])
      let end = Int(list[i &* 2 &+ 1])
      while e < end {
        best.offer(SegmentGrid.hit(e, p, a, b, chain))
        e += 1
      }
    }
  }

}

/// What a search keeps of the best edge so far: the whole hit (`nearest(to:)`), or only its
/// squared distance (`distances(from:)`). The search's decisions read only the distance, so
/// both search the same cells; the least distance does not depend on which of equally near
/// edges is kept, so keeping the distance alone (no edge, no tie rule) gives the same value.
private protocol BestSoFar {
  /// Nothing found yet (infinitely far).
  static var none: Self { get }
  init(_ hit: SegmentGrid.Hit)
  var distanceSquared: Double { get }
  /// The best as a hit (for the hierarchy's search).
  var hit: SegmentGrid.Hit { get }
  /// Keeps `h` when it is better.
  mutating func offer(_ h: SegmentGrid.Hit)
}

extension SegmentGrid.Hit: BestSoFar {
  static var none: Self { Self(edge: Int.max, fraction: 0, distanceSquared: .infinity) }
  init(_ hit: Self) { self = hit }
  var hit: Self { self }

  /// Nearer wins; among equally near edges the lower index.
  @inline(__always) mutating func offer(_ h: Self) {
    if h.distanceSquared < distanceSquared
      || (h.distanceSquared == distanceSquared && h.edge < edge)
    {
      self = h
    }
  }
}

/// The squared distance of the best edge so far, px².
private struct Distance: BestSoFar {
  var distanceSquared: Double
  static var none: Self { Self(distanceSquared: .infinity) }
  init(distanceSquared: Double) { self.distanceSquared = distanceSquared }
  init(_ hit: SegmentGrid.Hit) { distanceSquared = hit.distanceSquared }
  var hit: SegmentGrid.Hit { .init(edge: Int.max, fraction: 0, distanceSquared: distanceSquared) }

  @inline(__always) mutating func offer(_ h: SegmentGrid.Hit) {
    if h.distanceSquared < distanceSquared { distanceSquared = h.distanceSquared }
  }
}
