import SigbenchCore

/// Quadratic Béziers between midpoints of consecutive contact points (after the Objective-C
/// tutorial "iOS smooth signature capture example using quadratic bezier curve").
///
/// Algorithm (that example's `touchesBegan`/`touchesMoved`/`touchesEnded`): at touch-down the
/// two "last contact points" are both set to the first point, so the stroke starts with a curve
/// whose start and control coincide. Every later sample (a move) draws one quadratic from the
/// midpoint of the two previous contact points to the midpoint of the previous and current
/// points, with the previous point as control, stroked 3 px wide with round caps. A stroke
/// that never moves draws a dot (a zero-length round-capped line, i.e. a disc of diameter 3).
/// The last half-segment, from the final midpoint to the final sample, is never drawn, as in
/// that example.
///
/// Stages: input filter (off by default) → midpoint-quadratic curve → width model (constant
/// 3 px; a midpoint's width is the mean of its two samples') → round outline.
///
/// Latency: each move's curve is stable at once; the only tentative geometry is the tap dot
/// while the stroke has a single sample. Nothing is revised.
///
/// - Complexity: O(1) time and no allocation per sample.
public struct MidpointQuadratic: SmoothingStrategy {
  public typealias Settings = StageSettings

  public static let descriptor = StrategyDescriptor(
    id: "midpoint-quadratic",
    summary: "Quadratic Béziers between midpoints of consecutive samples; width 3, round caps.",
    details:
      "The classic iOS midpoint-quadratic signature view. Each move is final at once (no"
      + " look-ahead); the final half-segment is never drawn, as in that view. A single sample"
      + " shows a tentative dot.",
    parameters: StageSettings.parameters(
      filter: InputFilter.parameters(
        minDistance: 0, typical: "0 (keep all)–2"),
      width: .constant, size: 3, outline: .round))

  public static func settings(from configuration: StrategyConfiguration) throws -> Settings {
    try StageSettings(configuration)
  }

  private let stages: StageSettings
  private var filter: InputFilter
  /// Accepted samples so far.
  private var count = 0
  /// The example's `lastContactPoint1` / `lastContactPoint2` / `currentPoint`.
  private var last1 = WeightedPoint.zero
  private var last2 = WeightedPoint.zero
  private var current = WeightedPoint.zero
  /// The stroke's first sample; state and geometry are kept relative to it.
  private var origin = Point.zero

  public init(settings: Settings) {
    stages = settings
    filter = InputFilter(settings.filter)
  }

  public mutating func process(_ sample: Sample, into output: inout StrokeOutput) {
    stages.outline.preparePaint(&output)
    guard sample.point.isFinite else {  // ignored, like a filtered sample
      if count == 1 {
        stages.outline.write(.dot(current), startCap: true, origin: origin, into: &output.tentative)
      }
      return
    }
    if count == 0 { origin = sample.point }
    guard let local = filter.apply(sample.translated(by: -origin)) else {
      if count == 1 {
        stages.outline.write(.dot(current), startCap: true, origin: origin, into: &output.tentative)
      }
      return
    }
    let p = local.point
    let w = stages.width.width(of: local, after: count == 0 ? nil : current.point)
    let new = WeightedPoint(p, width: w)
    if count == 0 {
      current = new
      last1 = new
      last2 = new
      count = 1
      stages.outline.write(.dot(current), startCap: true, origin: origin, into: &output.tentative)
      return
    }
    last2 = last1
    last1 = current
    current = new
    let shape = CurveShape.quad(midpoint(last1, last2), last1, midpoint(current, last1))
    stages.outline.write(shape, startCap: count == 1, origin: origin, into: &output.stable)
    count += 1
  }

  public mutating func complete(into output: inout StrokeOutput) {
    stages.outline.preparePaint(&output)
    if count == 1 {
      stages.outline.write(.dot(current), startCap: true, origin: origin, into: &output.stable)
    }
    count = 0
    filter.reset()
  }

  private func midpoint(_ a: WeightedPoint, _ b: WeightedPoint) -> WeightedPoint {
    WeightedPoint(a.point.midpoint(b.point), width: (a.width + b.width) / 2)
  }
}
