import SigbenchCore

// The churn's largest distance: the largest, over the previous tail's points, of each point's
// distance to its nearest edge of the current picture, to the bit that of comparing every pair.

extension TentativeChurn {
  /// One edge of the current picture (a chord, or a disc centre as an edge from a point to
  /// itself), with what every distance to it needs computed once: the same operations, so the
  /// same bits, as `SegmentGrid`'s hit computes per query. Positions in px.
  struct Edge: Sendable, BitwiseCopyable {
    /// Start (x, y) and end (ex, ey), as given.
    var sx: Double
    var sy: Double
    var ex: Double
    var ey: Double
    /// end − start, and its squared length (px²).
    var dx: Double
    var dy: Double
    var len2: Double
    /// start + (end − start), which is `s + d·u` at u = 1 and not always `end` bit for bit:
    /// with the start, the corners of the box every computed nearest point lies in
    /// (`lowerBound`).
    var tx: Double
    var ty: Double

    @inline(__always) init(_ s: Point, _ e: Point) {
      sx = s.x
      sy = s.y
      ex = e.x
      ey = e.y
      dx = e.x - s.x
      dy = e.y - s.y
      len2 = dx * dx + dy * dy
      tx = s.x + dx
      ty = s.y + dy
    }

    /// `Edge(c, c)` for a finite `c` (a disc centre), bit for bit without the arithmetic that
    /// cancels: c − c is +0, so d and the squared length are +0, and t = c + 0 (+0 for −0).
    @inline(__always) init(point c: Point) {
      sx = c.x
      sy = c.y
      ex = c.x
      ey = c.y
      dx = 0
      dy = 0
      len2 = 0
      tx = c.x + 0
      ty = c.y + 0
    }
  }

  /// The bounding box of a run of `chunk` consecutive edges' computed nearest points: every
  /// edge's `[min(s, t), max(s, t)]` per axis (see `lowerBound`). px.
  struct Box: Sendable, BitwiseCopyable {
    var lx = Double.infinity
    var hx = -Double.infinity
    var ly = Double.infinity
    var hy = -Double.infinity
  }

  /// Edges per box.
  static let chunk = 8

  /// Squared distance from `p` to `e`, px²: `SegmentGrid`'s hit expression, the same
  /// operations in the same order, so the same bits: u = len2 > 0 ? min(1, max(0, w·d / len2))
  /// : 0 with w = p − s, then q = (s + d·u) − p. The division is always done and the clamp
  /// written as selects, so there is no branch to mispredict on which side of an edge's ends
  /// the point lies (beyond the start of about half the edges of a box).
  @inline(__always) static func distance2(_ e: Edge, _ p: Point) -> Double {
    let v = ((p.x - e.sx) * e.dx + (p.y - e.sy) * e.dy) / e.len2
    let low = v > 0 ? v : 0
    let u = e.len2 > 0 ? (1 < low ? 1 : low) : 0
    let qx = e.sx + e.dx * u - p.x
    let qy = e.sy + e.dy * u - p.y
    return qx * qx + qy * qy
  }

  /// A lower bound of `distance2(e, p)` for every edge e in box `b`, px², with no slack needed.
  /// For u in [0, 1], d·u rounds to a value between 0 and d and s + d·u to one between s and
  /// t = s + d (rounding is monotone), so the computed nearest point c lies in the box. Then
  /// q = c − p rounds to at least the gap g = lx − p (or p − hx) when p is outside, by
  /// monotonicity again, and q·q + q′·q′ rounds to at least g·g + g′·g′ computed the same way.
  @inline(__always) static func lowerBound(_ b: Box, _ p: Point) -> Double {
    // max(·, ·, 0) as selects (no branch; the squares are the same for ±0).
    let ax = b.lx - p.x
    let cx = p.x - b.hx
    let mx = ax < cx ? cx : ax
    let gx = mx < 0 ? 0 : mx
    let ay = b.ly - p.y
    let cy = p.y - b.hy
    let my = ay < cy ? cy : ay
    let gy = my < 0 ? 0 : my
    return gx * gx + gy * gy
  }

  /// From edge `start` to a nearer edge, if any: an upper bound of `p`'s nearest squared
  /// distance and its edge, O(1) edges for neighbouring points along a curve. Any edge gives a
  /// valid bound; the walk only picks a good one cheaply. On a chord whose nearest point lies
  /// inside, it stays (one distance). At a clamped end, it moves that way along the chain
  /// while the next edge starts where the current one ends (bit for bit) and is clamped the
  /// same way, reading only the projection w·d: the nearest point of the edge left is the
  /// joint, which lies on the next edge, so no step moves away; one distance is computed, at
  /// the last edge. (A distance per step, to stop when it no longer falls, cost more: 742.0 →
  /// 730.9 M instructions for the reading phase of 20 SVC2004 drawings.) From a point edge (a
  /// disc), down the list while the distance falls, else up.
  @inline(__always) static func walk(
    _ p: Point, from start: Int, _ edges: UnsafeBufferPointer<Edge>
  ) -> (Double, Int) {
    var at = start
    var e = edges[at]
    if e.len2 > 0 {
      let dot = (p.x - e.sx) * e.dx + (p.y - e.sy) * e.dy
      if dot > 0, dot < e.len2 { return (distance2(e, p), at) }
      if dot > 0 {
        while at + 1 < edges.count {
          let n = edges[at + 1]
          guard n.sx == e.ex, n.sy == e.ey, n.len2 > 0 else { break }
          at += 1
          e = n
          guard (p.x - e.sx) * e.dx + (p.y - e.sy) * e.dy >= e.len2 else { break }
        }
      } else {
        while at > 0 {
          let n = edges[at - 1]
          guard n.ex == e.sx, n.ey == e.sy, n.len2 > 0 else { break }
          at -= 1
          e = n
          guard (p.x - e.sx) * e.dx + (p.y - e.sy) * e.dy <= 0 else { break }
        }
      }
      return (distance2(e, p), at)
    }
    var here = distance2(e, p)
    while at > 0 {
      let next = distance2(edges[at - 1], p)
      guard next < here else { break }
      here = next
      at -= 1
    }
    while at >= start, at + 1 < edges.count {
      let next = distance2(edges[at + 1], p)
      guard next < here else { break }
      here = next
      at += 1
    }
    return (here, at)
  }

  /// `p`'s nearest edge, exactly, from a known edge `edge` at squared distance `best`: boxes
  /// by their lower bound, smallest first, skipping any box whose bound is not below the best
  /// so far (none of its edges can be nearer, see `lowerBound`). Stops early once the best is
  /// at most `stop`. Returns the best squared distance and its edge; `budget` loses one per
  /// edge compared and one per four boxes.
  ///
  /// - Complexity: O(b + k · chunk) for b boxes, k of them searched.
  static func nearest(
    _ p: Point, best start: Double, edge: Int, stop: Double,
    _ edges: UnsafeBufferPointer<Edge>, _ boxes: UnsafeBufferPointer<Box>,
    _ lower: UnsafeMutableBufferPointer<Double>, budget: inout Int
  ) -> (Double, Int) {
    var best = start
    var at = edge
    if best <= stop { return (best, at) }
    var c = 0
    var low = Double.infinity
    for i in boxes.indices {
      let l = lowerBound(boxes[i], p)
      lower[i] = l
      if l < low {
        low = l
        c = i
      }
    }
    budget -= boxes.count / 4
    while low < best {
      let end = min(edges.count, c * chunk + chunk)
      budget -= end - c * chunk
      for e in c * chunk..<end {
        let d = distance2(edges[e], p)
        if d < best {
          best = d
          at = e
        }
      }
      if best <= stop { break }
      lower[c] = .infinity
      low = .infinity
      for i in boxes.indices where lower[i] < low {
        low = lower[i]
        c = i
      }
    }
    return (best, at)
  }
}

extension TentativeChurn {
  /// Per-call buffers kept between calls, so a steady update allocates nothing.
  struct Scratch: Sendable {
    /// Upper bound of each point's squared distance, and the edge that gives it (indexed by
    /// point; only the first t entries of a call are meaningful).
    var bound: [Double] = []
    var edge: [Int] = []
    /// The points pass 2 compares after the first, as a heap; those left to a grid.
    var heap: [Candidate] = []
    var order: [Int] = []
    /// One box per `chunk` edges, and each box's lower bound for the point searched.
    var boxes: [Box] = []
    var lower: [Double] = []
  }

  /// The largest distance from a point of `points` to its nearest edge (`starts[i]` to
  /// `ends[i]`), px (see the other overload).
  static func largestDistance(
    from points: [Point], starts: [Point], ends: [Point], pairBudget: Int = .max, start: Int = 0
  ) -> Double {
    var scratch = Scratch()
    let edges = zip(starts, ends).map { Edge($0, $1) }
    return points.withUnsafeBufferPointer { p in
      edges.withUnsafeBufferPointer { e in
        largestDistance(
          from: p, edges: e, pairBudget: pairBudget, scratch: &scratch, start: start)
      }
    }
  }

  /// The largest distance from a point of `points` to its nearest edge, px: the maximum over
  /// points of each point's minimum over edges of `distance2`, exactly.
  ///
  /// Most points need no exact minimum: a point none of whose edges is farther than the
  /// largest distance so far cannot raise it. So the search runs in two passes.
  /// 1. An upper bound for every point: from the end of the tail back, a `walk` from the edge
  ///    that bounded the point before (neighbouring points, 0.5 px apart, have neighbouring
  ///    nearest edges); O(1) edges a point along a curve, often one. The tail's last point
  ///    walks from edge `start` (the churn passes the end of the current centreline, near
  ///    which that point usually lies; from edge 0, the start of the picture, its walk crossed
  ///    the whole tail: 750.0 → 741.7 M instructions for the reading phase of 20 SVC2004
  ///    drawings).
  /// 2. The exact distance of the point with the largest bound starts the largest distance
  ///    (on a revised tail it is usually the answer). Then every point whose bound is not
  ///    above it is settled for free; any other, largest bound first (a heap: most updates
  ///    search none or one more, so a sort of them all would cost more), is searched (`nearest`:
  ///    boxes of edges skipped by a rigorous lower bound) until an edge settles it or its exact
  ///    minimum raises the largest distance. When the search finds a nearer edge than the
  ///    walk's (the walk stopped at a local minimum of the wrong part of the picture), the
  ///    neighbouring points walk again from it while that lowers their bounds, so a run of
  ///    such points costs one search, not one each. After `pairBudget` compared pairs, the
  ///    points still unsettled use a `SegmentGrid` of the edges, built once.
  ///
  /// Every distance compared is that of `distance2` (the expression of `SegmentGrid`'s hit to
  /// the bit); edges are skipped only when a bound proves they are not nearer, and the grid's
  /// search is exact; so the value is that of comparing every pair, to the bit. Edges whose
  /// squared length overflows (coordinates beyond 1e154 px) are compared pair by pair;
  /// `lengthsFinite`, when given, says whether any does (the churn knows it from building them).
  ///
  /// - Complexity: O(t + c) along a curve for t points and c edges; O(t · c) at worst while the
  ///   budget lasts, then O(c) for the grid and O(1) expected a point.
  static func largestDistance(
    from points: UnsafeBufferPointer<Point>, edges: UnsafeBufferPointer<Edge>, pairBudget: Int,
    scratch: inout Scratch, lengthsFinite: Bool? = nil, start: Int = 0
  ) -> Double {
    let m = edges.count
    let t = points.count
    guard m > 0, t > 0 else { return 0 }
    let b = (m + chunk - 1) / chunk
    if scratch.bound.count < t {
      scratch.bound += repeatElement(0, count: t - scratch.bound.count)
      scratch.edge += repeatElement(0, count: t - scratch.edge.count)
      scratch.order += repeatElement(0, count: t - scratch.order.count)
      scratch.heap += repeatElement(
        Candidate(key: 0, point: 0), count: t - scratch.heap.count)
    }
    if scratch.boxes.count < b {
      scratch.boxes += repeatElement(Box(), count: b - scratch.boxes.count)
      scratch.lower += repeatElement(0, count: b - scratch.lower.count)
    }
    var tame = true
    if let known = lengthsFinite {
      tame = known
    } else {
      for e in edges where !e.len2.isFinite { tame = false }
    }
    guard tame else { return everyPair(points, edges) }
    var worst = 0.0
    // Where the pair budget ran out (see `search`), or nil; the number of points left.
    var gridFrom: Int?
    var ordered = 0
    var top = t - 1
    scratch.bound.withUnsafeMutableBufferPointer { bound in
      scratch.edge.withUnsafeMutableBufferPointer { edge in
        scratch.order.withUnsafeMutableBufferPointer { order in
          scratch.heap.withUnsafeMutableBufferPointer { heap in
            scratch.boxes.withUnsafeMutableBufferPointer { allBoxes in
              scratch.lower.withUnsafeMutableBufferPointer { allLower in
                let boxes = UnsafeMutableBufferPointer(rebasing: allBoxes[0..<b])
                let lower = UnsafeMutableBufferPointer(rebasing: allLower[0..<b])
                for c in 0..<b {
                  // The largest as minus the least of the negated values: `Swift.min`
                  // compiles to minpd, `Swift.max` (`y >= x ? y : x`, y kept on a tie, which
                  // maxpd does not) to four instructions. Only the sign of a zero may differ,
                  // which no bound reads (its gaps are squared).
                  var (lx, ly, nx, ny) = (
                    Double.infinity, Double.infinity, Double.infinity, Double.infinity
                  )
                  for e in edges[c * chunk..<min(m, c * chunk + chunk)] {
                    lx = min(lx, e.sx, e.tx)
                    nx = min(nx, -e.sx, -e.tx)
                    ly = min(ly, e.sy, e.ty)
                    ny = min(ny, -e.sy, -e.ty)
                  }
                  boxes[c] = Box(lx: lx, hx: -nx, ly: ly, hy: -ny)
                }
                (worst, gridFrom, ordered, top) = search(
                  points, edges, UnsafeBufferPointer(boxes), lower, bound: bound, edge: edge,
                  order: order, heap: heap, pairBudget: pairBudget, start: min(start, m - 1))
              }
            }
          }
        }
      }
    }
    if let first = gridFrom {
      let grid = SegmentGrid(
        starts: edges.map { Point(x: $0.sx, y: $0.sy) },
        ends: edges.map { Point(x: $0.ex, y: $0.ey) })
      if first < 0 {
        worst = grid.nearest(to: points[top])?.distanceSquared ?? 0
        for k in 0..<t where k != top && scratch.bound[k] > worst {
          scratch.order[ordered] = k
          ordered += 1
        }
      }
      scratch.order[0..<ordered].sort { scratch.bound[$0] > scratch.bound[$1] }
      for k in scratch.order[0..<ordered] where scratch.bound[k] > worst {
        worst = max(worst, grid.nearest(to: points[k])?.distanceSquared ?? 0)
      }
    }
    return worst.squareRoot()
  }

  /// Every point against every edge, with `SegmentGrid`'s expression as written.
  ///
  /// - Complexity: O(t · c).
  private static func everyPair(
    _ points: UnsafeBufferPointer<Point>, _ edges: UnsafeBufferPointer<Edge>
  ) -> Double {
    var worst = 0.0
    for p in points {
      var best = Double.infinity
      for e in edges {
        let u =
          e.len2 > 0 ? min(1, max(0, ((p.x - e.sx) * e.dx + (p.y - e.sy) * e.dy) / e.len2)) : 0
        let qx = e.sx + e.dx * u - p.x
        let qy = e.sy + e.dy * u - p.y
        best = min(best, qx * qx + qy * qy)
      }
      worst = max(worst, best)
    }
    return worst.squareRoot()
  }
}
