import SigbenchCore

/// Latency of ink, not of code: how long each input sample waits until the stable (final)
/// ink reaches it.
///
/// For sample i of a stroke of n samples, with calls numbered as in `StrokeTrace` (push k is
/// call k, the finish is call n): kᵢ is the first call k ≥ i after which the stable
/// centreline reaches the sample's projection (`SampleProjection`) onto the final
/// centreline, that is, the stable prefix holds at least one segment and its arc length is
/// at least the projection's (less `QualityConstants.arcTolerance`), or, before any segment
/// is stable, some other geometry is (a start dot) and the projection is the centreline's
/// start. The latency is kᵢ − i
/// pushes (the finish counts as one), so a strategy whose every push is final at once has 0
/// and one with a one-segment tentative tail has 1. In time, where the stroke is timed, it is
/// t(min(kᵢ, n − 1)) − t(i) in ms: the finish happens at pen-up, taken as the last sample's
/// time. A stroke without centreline (dots) reaches sample i at the first call k ≥ i after
/// which any of its geometry is stable.
enum InkLatency {
  /// kᵢ − i for every sample, and the same in ms when the stroke is timed.
  ///
  /// - Complexity: O(n log n) for n samples.
  static func measure(
    _ trace: StrokeTrace, projections: [SampleProjection.Projection]?, shape: InkShape
  ) -> (pushes: [Double], milliseconds: [Double]?) {
    let n = trace.samples.count
    guard n > 0, trace.calls == n + 1 else { return ([], nil) }
    // reached[k]: arc length the stable centreline covers after call k (−∞ when none),
    // nondecreasing in k because stable output only grows.
    var reached = [Double](repeating: -.infinity, count: n + 1)
    for k in 0...n {
      let segments = trace.stableSegments[k]
      if projections != nil, segments > 0 {
        reached[k] = shape.path.segmentEndArc[segments - 1]
      } else if trace.hasStableInk(afterCall: k) {
        // A stable dot (a start cap) covers the start; a stroke of dots is then reached.
        reached[k] = projections == nil ? .infinity : 0
      }
    }
    var pushes: [Double] = []
    pushes.reserveCapacity(n)
    var calls: [Int] = []
    calls.reserveCapacity(n)
    for i in 0..<n {
      let target = (projections?[i].arc ?? 0) - QualityConstants.arcTolerance
      // First k in i…n with reached[k] ≥ target (call n always reaches everything).
      var lo = i
      var hi = n
      while lo < hi {
        let mid = (lo + hi) / 2
        if reached[mid] >= target { hi = mid } else { lo = mid + 1 }
      }
      calls.append(lo)
      pushes.append(Double(lo - i))
    }
    let times = trace.samples.map(\.time)
    guard times.allSatisfy({ $0?.isFinite ?? false }) else { return (pushes, nil) }
    let ms = (0..<n).map { i in (times[min(calls[i], n - 1)]! - times[i]!) * 1000 }
    return (pushes, ms)
  }
}
