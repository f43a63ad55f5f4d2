import SigbenchCore

extension TentativeChurn {
  /// A point pass 2 may search, by the bound it had when it was queued.
  struct Candidate: Sendable, BitwiseCopyable {
    var key: Double
    var point: Int
  }

  /// `largestDistance`'s two passes over its buffers (see there): the largest squared
  /// distance so far, where the pair budget ran out (nil; −1 before the point with the largest
  /// bound, `top`; 0 with the points left in `order[0..<ordered]`), and `top`.
  static func search(
    _ points: UnsafeBufferPointer<Point>, _ edges: UnsafeBufferPointer<Edge>,
    _ box: UnsafeBufferPointer<Box>, _ lower: UnsafeMutableBufferPointer<Double>,
    bound: UnsafeMutableBufferPointer<Double>, edge: UnsafeMutableBufferPointer<Int>,
    order: UnsafeMutableBufferPointer<Int>, heap: UnsafeMutableBufferPointer<Candidate>,
    pairBudget: Int, start: Int = 0
  ) -> (worst: Double, gridFrom: Int?, ordered: Int, top: Int) {
    let t = points.count
    let keep = edges.count + box.count
    // Pass 1: bounds.
    var at = start
    var top = t - 1
    var topBound = -Double.infinity
    var k = t
    while k > 0 {
      k -= 1
      let (here, e) = walk(points[k], from: at, edges)
      at = e
      bound[k] = here
      edge[k] = at
      if here > topBound {
        topBound = here
        top = k
      }
    }
    // Pass 2: the point with the largest bound.
    var worst = 0.0
    var budget = pairBudget
    if bound[top] > worst {
      if budget < keep { return (worst, -1, 0, top) }
      let (best, near) = nearest(
        points[top], best: bound[top], edge: edge[top], stop: worst, edges, box, lower,
        budget: &budget)
      worst = max(worst, best)
      bound[top] = best
      if near != edge[top] {
        edge[top] = near
        rewalk(from: top, near, points, edges, bound, edge, &budget, keep: keep)
      }
    }
    // Every bound is at most the top's: none is left when the top's was exact.
    if worst >= topBound { return (worst, nil, 0, top) }
    // The points still unsettled, largest bound first: a max-heap of their bounds as they are
    // now (bounds only fall, so a key bounds its point's bound).
    var n = 0
    for k in 0..<t where bound[k] > worst {
      heap[n] = Candidate(key: bound[k], point: k)
      n += 1
    }
    var i = n / 2
    while i > 0 {
      i -= 1
      siftDown(heap, from: i, count: n)
    }
    while n > 0, heap[0].key > worst {
      let k = heap[0].point
      if bound[k] > worst, budget < keep {
        for j in 0..<n { order[j] = heap[j].point }
        return (worst, 0, n, top)
      }
      n -= 1
      heap[0] = heap[n]
      siftDown(heap, from: 0, count: n)
      // Bounds lowered by a neighbour's search may be settled already.
      guard bound[k] > worst else { continue }
      let (best, near) = nearest(
        points[k], best: bound[k], edge: edge[k], stop: worst, edges, box, lower,
        budget: &budget)
      worst = max(worst, best)
      guard near != edge[k] else { continue }
      rewalk(from: k, near, points, edges, bound, edge, &budget, keep: keep)
    }
    return (worst, nil, 0, top)
  }

  /// Restores the max-heap order of `heap[0..<count]` below `i`.
  @inline(__always) static func siftDown(
    _ heap: UnsafeMutableBufferPointer<Candidate>, from i: Int, count: Int
  ) {
    var i = i
    let item = heap[i]
    while true {
      var c = 2 * i + 1
      guard c < count else { break }
      if c + 1 < count, heap[c + 1].key > heap[c].key { c += 1 }
      guard heap[c].key > item.key else { break }
      heap[i] = heap[c]
      i = c
    }
    heap[i] = item
  }

  /// The neighbours of point `k` walk again from edge `near` found by its search, while that
  /// lowers their bound (3 of `budget` a walk, while it stays at least `keep`).
  static func rewalk(
    from k: Int, _ near: Int, _ points: UnsafeBufferPointer<Point>,
    _ edges: UnsafeBufferPointer<Edge>, _ bound: UnsafeMutableBufferPointer<Double>,
    _ edge: UnsafeMutableBufferPointer<Int>, _ budget: inout Int, keep: Int
  ) {
    for step in stride(from: -1, through: 1, by: 2) {
      var j = k + step
      var from = near
      while j >= 0, j < points.count, budget >= keep {
        let (here, e) = walk(points[j], from: from, edges)
        budget -= 3
        guard here < bound[j] else { break }
        bound[j] = here
        edge[j] = e
        from = e
        j += step
      }
    }
  }
}
