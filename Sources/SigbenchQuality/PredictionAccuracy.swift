import SigbenchCore

/// How far ahead a strategy's pen predictions run and how wrong they turn out, for the
/// prediction metrics (`QualityMetric.predictionMetrics` gives the definitions).
///
/// A prediction made with the push of sample i runs `time − tᵢ` ahead (ms) and
/// `|point − pᵢ|` ahead (px). It is scored against the pen's real position at its time: the
/// samples interpolated linearly in time between the two that bracket it. A prediction whose
/// time lies after the last sample (the pen lifted first), or in a stroke without times,
/// is not scored; neither is one whose sample has no time.
enum PredictionAccuracy {
  /// Reach in ms and px of every prediction, and the error of the scored ones (px).
  ///
  /// - Complexity: O(n + k) for n samples and k predictions (predictions come in push order,
  ///   so one forward walk over the samples finds every bracket).
  static func measure(_ trace: StrokeTrace) -> (
    aheadMs: [Double], aheadPx: [Double], errors: [Double]
  ) {
    let samples = trace.samples
    var aheadMs: [Double] = []
    var aheadPx: [Double] = []
    var errors: [Double] = []
    var j = 0
    for (i, prediction) in trace.predictions {
      guard i < samples.count else { continue }
      let made = samples[i]
      aheadPx.append(made.point.distance(to: prediction.point))
      guard let t0 = made.time, t0.isFinite else { continue }
      aheadMs.append((prediction.time - t0) * 1000)
      let target = prediction.time
      j = max(j, i)
      while j + 1 < samples.count, let t = samples[j + 1].time, t < target { j += 1 }
      guard j + 1 < samples.count, let ta = samples[j].time, let tb = samples[j + 1].time,
        ta <= target, target <= tb
      else { continue }
      let u = tb > ta ? (target - ta) / (tb - ta) : 0
      let real = samples[j].point.lerp(samples[j + 1].point, u)
      errors.append(prediction.point.distance(to: real))
    }
    return (aheadMs, aheadPx, errors)
  }
}
