/// How a simulated digitizer samples a motion.
///
/// - `rate`: samples per second, Hz, in [`minRate`, `maxRate`]. Sample k is taken at the
///   instant k / rate on the drawing's clock (t = 0 is the first pen-down), as a tablet's
///   fixed-rate clock would.
/// - `noise`: standard deviation of Gaussian position noise added to x and y independently, px
///   (≥ 0, ≤ 10).
/// - `grid`: positions are then rounded to multiples of this, px (0: no grid; ≤ 10); e.g. 0.5
///   for a screen at device-pixel ratio 2.
/// - `jitter`: each stored timestamp is the capture instant plus a uniform error in
///   [−jitter, +jitter] (never below 0), s; at most 0.45 of a period, so stored timestamps
///   stay strictly increasing after their 1 µs rounding. The position is taken at the true
///   instant, as when a driver stamps events late or early.
/// - `dropRate`: probability that a sample is lost, [0, 0.5]; a stroke's first and last
///   samples are never dropped (every stroke keeps its pen-down and pen-up).
public struct DigitizerSettings: Hashable, Sendable {
  public var rate: Double
  public var noise: Double
  public var grid: Double
  public var jitter: Double
  public var dropRate: Double

  /// Slowest and fastest rates accepted, Hz. At 20 Hz every generated stroke (≥ 0.1 s) still
  /// gets at least two samples.
  public static let minRate = 20.0
  public static let maxRate = 10_000.0

  /// The largest timestamp jitter at `rate`: 0.45 of a period, s.
  public static func maxJitter(rate: Double) -> Double { 0.45 / rate }

  /// Checked settings; throws naming the first setting out of range.
  public init(
    rate: Double, noise: Double = 0, grid: Double = 0, jitter: Double = 0, dropRate: Double = 0
  ) throws(SynthError) {
    guard rate.isFinite, rate >= Self.minRate, rate <= Self.maxRate else {
      throw SynthError(
        "rate must be in \(Rounding.text(Self.minRate))…\(Rounding.text(Self.maxRate)) Hz; "
          + "got \(rate)")
    }
    guard noise.isFinite, noise >= 0, noise <= 10 else {
      throw SynthError("noise must be in 0…10 px; got \(noise)")
    }
    guard grid.isFinite, grid >= 0, grid <= 10 else {
      throw SynthError("grid must be in 0…10 px (0: none); got \(grid)")
    }
    guard jitter.isFinite, jitter >= 0, jitter <= Self.maxJitter(rate: rate) else {
      throw SynthError(
        "jitter must be in 0…\(Self.maxJitter(rate: rate)) s (0.45 of a period at "
          + "\(Rounding.text(rate)) Hz); got \(jitter)")
    }
    guard dropRate.isFinite, dropRate >= 0, dropRate <= 0.5 else {
      throw SynthError("drop rate must be in 0…0.5; got \(dropRate)")
    }
    self.rate = rate
    self.noise = noise
    self.grid = grid
    self.jitter = jitter
    self.dropRate = dropRate
  }
}
