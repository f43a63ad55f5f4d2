import SigbenchCore

// What lies within a radius of a point in a `SegmentGrid`: the parts of a chain that do
// (`SampleProjection`'s crossings).

extension SegmentGrid {
  /// The parts of a chain within `radius` of `p`: every maximal run of consecutive edges
  /// whose `distance` to `p` is ≤ `radius`, as the run's nearest hit (the lowest edge among
  /// equally near ones), in edge order, written into `result`. `nearest`: `p`'s nearest hit
  /// (within `radius`), whose run is walked first; `runs`: scratch storage.
  ///
  /// Each run is found by walking the chain from one of its edges both ways until an edge
  /// lies farther than `radius`; the other runs are discovered in the cells of the square of
  /// half-side `radius` around `p` (every edge within `radius` passes through one of them),
  /// where edges of runs already walked are skipped without a distance. So the runs are
  /// those of the edges listed there and within `radius`, each edge's distance computed once.
  ///
  /// - Precondition: a chain grid (a path's edges).
  /// - Complexity: O(cells within `radius` + edges listed there + the runs' length).
  func parts(
    near p: Point, within radius: Double, nearest: Hit, into result: inout [Hit],
    runs: inout [Int]
  ) {
    precondition(chain, "parts of a chain")
    // Emptied from the end: cheaper than `removeAll(keepingCapacity:)` for a few elements.
    while !result.isEmpty { result.removeLast() }
    while !runs.isEmpty { runs.removeLast() }
    let x0 = SegmentGrid.index((p.x - radius - originX) / cell, columns)
    let x1 = SegmentGrid.index((p.x + radius - originX) / cell, columns)
    let y0 = SegmentGrid.index((p.y - radius - originY) / cell, rows)
    let y1 = SegmentGrid.index((p.y + radius - originY) / cell, rows)
    let columns = columns
    let m = edgeCount
    // A vertex nearer than `inner` (px²) makes every edge between two such vertices lie
    // within `radius` as computed: the segment is inside the disc of radius `radius − slack`
    // (convex), and the computed distance is off by far less than `slack` (rounding, some
    // 1e-16 of the coordinates).
    let slack = 1e-9 * (radius + abs(p.x) + abs(p.y))
    let inner = (radius - slack) * (radius - slack)
    starts.withUnsafeBufferPointer { a in
      let none = UnsafeBufferPointer<Point>(start: nil, count: 0)
      @inline(__always) func isInner(_ v: Int) -> Bool {
        let dx = a[v].x - p.x
        let dy = a[v].y - p.y
        return dx * dx + dy * dy <= inner
      }
      @inline(__always) func isWithin(_ e: Int) -> Bool {
        SegmentGrid.hit(e, p, a, none, true).distance <= radius
      }
      // The run of `nearest`: its nearest hit is `nearest` (no edge is nearer, and among
      // equally near ones `nearest` is the lowest); only its ends are sought, an edge between
      // inner vertices taken without its distance.
      var lo = nearest.edge
      var innerEnd = isInner(lo)
      while lo > 0 {
        let innerStart = isInner(lo - 1)
        guard (innerStart && innerEnd) || isWithin(lo - 1) else { break }
        innerEnd = innerStart
        lo -= 1
      }
      var hi = nearest.edge
      var innerStart = isInner(hi + 1)
      while hi + 1 < m {
        let innerEnd = isInner(hi + 2)
        guard (innerStart && innerEnd) || isWithin(hi + 1) else { break }
        innerStart = innerEnd
        hi += 1
      }
      result.append(nearest)
      runs.append(lo)
      runs.append(hi)
      // Walks the run of another edge `e0` (hit `h0`, within `radius`): its nearest hit into
      // `result`, its first and last edge into `runs`.
      func walk(_ e0: Int, _ h0: Hit) {
        var best = h0
        var lo = e0
        while lo > 0 {
          let h = SegmentGrid.hit(lo - 1, p, a, none, true)
          guard h.distance <= radius else { break }
          if h.distanceSquared <= best.distanceSquared { best = h }  // the lower edge on a tie
          lo -= 1
        }
        var hi = e0
        while hi + 1 < m {
          let h = SegmentGrid.hit(hi + 1, p, a, none, true)
          guard h.distance <= radius else { break }
          if h.distanceSquared < best.distanceSquared { best = h }
          hi += 1
        }
        result.append(best)
        runs.append(lo)
        runs.append(hi)
      }
      cellStart.withUnsafeBufferPointer { first in
        items.withUnsafeBufferPointer { list in
          for y in y0...y1 {
            for x in x0...x1 {
              let c = y &* columns &+ x
              for i in Int(first[c])..<Int(first[c &+ 1]) {
                var e = Int(list[i &* 2])
                let end = Int(list[i &* 2 &+ 1])
                next: while e < end {
                  var k = 0
                  while k < runs.count {
                    if e >= runs[k], e <= runs[k + 1] {
                      e = runs[k + 1] + 1  // the rest of a walked run
                      continue next
                    }
                    k += 2
                  }
                  let h = SegmentGrid.hit(e, p, a, none, true)
                  if h.distance <= radius { walk(e, h) }
                  e += 1
                }
              }
            }
          }
        }
      }
    }
    // Edge order (the runs are disjoint; usually there is one).
    if result.count > 1 { result.sort { $0.edge < $1.edge } }
  }
}
