import SigbenchResults

extension QualityMeasure {
  /// One drawing's figures with the motion it samples and its rate.
  public struct RateSample: Sendable, Hashable {
    /// Drawings with equal keys are the same motion (same true trajectory).
    public var motion: String
    /// Sample rate, Hz.
    public var rate: Double
    public var figures: QualityFigures

    public init(motion: String, rate: Double, figures: QualityFigures) {
      self.motion = motion
      self.rate = rate
      self.figures = figures
    }
  }

  /// Rate stability of one strategy: for every motion, the mean width and ink area at each
  /// distinct rate (the plain mean over drawings at that rate), and the ratios of the highest
  /// rate's values to the lowest rate's. Motions in order of first appearance; a motion with
  /// one rate has no ratios. A ratio is `nil` when either value is missing or the lowest
  /// rate's is 0.
  ///
  /// - Complexity: O(d log d) for d drawings.
  public static func rateStability(_ samples: [RateSample]) -> [RateStability] {
    var order: [String] = []
    var byMotion: [String: [RateSample]] = [:]
    for s in samples where s.rate.isFinite {
      if byMotion[s.motion] == nil { order.append(s.motion) }
      byMotion[s.motion, default: []].append(s)
    }
    return order.map { motion in
      let runs = byMotion[motion]!
      let rates = Set(runs.map(\.rate)).sorted()
      let points = rates.map { rate in
        let here = runs.filter { $0.rate == rate }.map(\.figures)
        return RateStability.Rate(
          rate: rate, drawings: here.count, widthMean: mean(here.compactMap { $0[.widthMean] }),
          inkArea: mean(here.compactMap { $0[.inkArea] }))
      }
      func ratio(_ value: KeyPath<RateStability.Rate, Double?>) -> Double? {
        guard points.count >= 2, let low = points.first?[keyPath: value],
          let high = points.last?[keyPath: value], low > 0
        else { return nil }
        return high / low
      }
      return RateStability(
        motion: motion, rates: points, widthRatio: ratio(\.widthMean),
        areaRatio: ratio(\.inkArea))
    }
  }

  private static func mean(_ values: [Double]) -> Double? {
    values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
  }
}
