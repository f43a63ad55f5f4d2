import Foundation

/// How one strategy's width follows the input's sample rate: one motion (the same true
/// trajectory) sampled at several rates, with the drawn width and ink area at each.
///
/// A width model that depends on the distance between samples (Uber's, perfect-freehand
/// 1.2.2's simulated pressure) draws wider or narrower lines at another rate; a
/// rate-independent one gives ratios of exactly 1.
public struct RateStability: Codable, Hashable, Sendable {
  /// The figures at one rate.
  public struct Rate: Codable, Hashable, Sendable {
    /// Sample rate, Hz.
    public var rate: Double
    /// Drawings of the motion at this rate (their figures are averaged, each weighing 1).
    public var drawings: Int
    /// Arc-length mean of the drawn width, px (`QualityFigures[.widthMean]`).
    public var widthMean: Double?
    /// ∫ width ds, px² (`QualityFigures[.inkArea]`).
    public var inkArea: Double?

    public init(rate: Double, drawings: Int, widthMean: Double?, inkArea: Double?) {
      self.rate = rate
      self.drawings = drawings
      self.widthMean = widthMean
      self.inkArea = inkArea
    }
  }

  /// The motion's key (drawings with the same key are the same motion).
  public var motion: String
  /// One entry per distinct rate, ascending.
  public var rates: [Rate]
  /// Width mean at the highest rate ÷ at the lowest; `nil` with fewer than two rates or a
  /// missing or zero width.
  public var widthRatio: Double?
  /// Ink area at the highest rate ÷ at the lowest; `nil` likewise.
  public var areaRatio: Double?

  public init(motion: String, rates: [Rate], widthRatio: Double?, areaRatio: Double?) {
    self.motion = motion
    self.rates = rates
    self.widthRatio = widthRatio
    self.areaRatio = areaRatio
  }

  /// exp(mean of ln r) over the positive finite ratios present; `nil` when there are none.
  /// Symmetric in direction: ratios 2 and 0.5 average to 1.
  public static func geometricMean(_ ratios: [Double?]) -> Double? {
    var sum = 0.0
    var count = 0
    for case let r? in ratios where r > 0 && r.isFinite {
      sum += log(r)
      count += 1
    }
    return count > 0 ? exp(sum / Double(count)) : nil
  }
}
