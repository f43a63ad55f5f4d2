import SigbenchCore

/// The polyline through exponentially smoothed pen positions, constant width, round caps and
/// joins: an example of a strategy declared outside sigbench.
///
/// Simple exponential smoothing (R. G. Brown, "Statistical Forecasting for Inventory
/// Control", 1959): `s₀ = x₀`, `sₖ = sₖ₋₁ + alpha·(xₖ − sₖ₋₁)` for each later sample `xₖ`.
/// Each push makes the piece `sₖ₋₁ → sₖ` stable (a centreline line, its band and a disc at
/// `sₖ`); the straight piece from `sₖ` to the pen, which smoothing lags behind, is tentative
/// and becomes stable at the finish, so the ink ends where the pen lifted. A non-finite
/// sample is ignored. Positions are kept relative to the stroke's first sample, so moving the
/// input moves the ink and nothing else.
///
/// - Complexity: O(1) time and no allocation per sample (one centreline piece, one band, one
///   disc), once the caller's output has grown.
public struct ExponentialPolyline: SmoothingStrategy {
  public struct Settings: Sendable {
    /// Weight of the newest sample, in (0, 1]; 1 draws the plain polyline.
    public var alpha: Double
    /// Line width in CSS px.
    public var size: Double
  }

  public static let descriptor = StrategyDescriptor(
    id: "exponential-polyline",
    summary: "Polyline through exponentially smoothed positions; constant width, round joins.",
    details: "Example of a strategy added by a Swift package (scripts/external/swift-package). "
      + "Simple exponential smoothing (Brown 1959); the lag to the pen is tentative until the "
      + "finish.",
    parameters: [
      .number(
        "alpha", unit: "", 0, 1, lowerClosed: false, default: 0.5, typical: "0.3–0.7",
        help: "weight of the newest sample (1: no smoothing)"),
      .number(
        "size", unit: "px", 0, 20, lowerClosed: false, default: 2, typical: "1–4",
        help: "line width"),
    ])

  public static func settings(from configuration: StrategyConfiguration) throws -> Settings {
    Settings(alpha: configuration.number("alpha"), size: configuration.number("size"))
  }

  private let settings: Settings
  /// The stroke's first sample, on the page; everything below is relative to it.
  private var origin = Point.zero
  /// The smoothed position, `nil` before the first sample.
  private var smoothed: Point?
  /// The last sample.
  private var pen = Point.zero

  public init(settings: Settings) { self.settings = settings }

  public mutating func process(_ sample: Sample, into output: inout StrokeOutput) {
    guard sample.point.isFinite else { return }
    guard let previous = smoothed else {
      origin = sample.point
      smoothed = .zero
      pen = .zero
      output.stable.discs.append(Disc(center: origin, radius: settings.size / 2))
      return
    }
    pen = sample.point - origin
    let next = previous + (pen - previous) * settings.alpha
    piece(from: previous, to: next, into: &output.stable)
    smoothed = next
    piece(from: next, to: pen, into: &output.tentative)
  }

  public mutating func complete(into output: inout StrokeOutput) {
    if let last = smoothed { piece(from: last, to: pen, into: &output.stable) }
    smoothed = nil
  }

  /// The straight piece `a → b` (stroke-local): its centreline, its band and a disc at `b`;
  /// nothing when the two coincide.
  private func piece(from a: Point, to b: Point, into ink: inout InkGeometry) {
    guard a != b else { return }
    let w = settings.size
    ink.centerline.append(.line(a + origin, b + origin, startWidth: w, endWidth: w))
    ink.bands.append(
      RoundBand(
        segment: .line(a, b, startWidth: w, endWidth: w), origin: origin, isStraight: true))
    ink.discs.append(Disc(center: b + origin, radius: w / 2))
  }
}
