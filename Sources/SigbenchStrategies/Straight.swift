import SigbenchCore

/// Straight lines between consecutive samples, constant width, round caps and joins.
///
/// The plain polyline of simple capture views (the Swift tutorial "How to Draw Digital
/// Signatures in iOS Using Swift": `addLine` per touch, line width 2, round cap; the free-hand
/// brush of "How to create handwritten annotations for Xuni iOS FlexChart"). No look-ahead:
/// each sample's segment is stable as soon as the sample arrives, and nothing is ever
/// tentative. It is the reference strategy: first
/// in the catalog and the denominator of every latency ratio.
///
/// Stages: input filter (off by default) → polyline curve → width model (constant 2 px by
/// default) → round outline. With the defaults the centreline vertices are exactly the input
/// samples; the fill is, per move, the quadrilateral of the full width around the segment and
/// a disc of half the width at every sample (round joins and caps; a tap is a single disc). A
/// sample at the same position as the previous one adds a zero-length centreline segment and a
/// disc.
///
/// - Complexity: O(1) time and no allocation per sample (up to five outline elements and one
///   disc).
public struct Straight: SmoothingStrategy {
  public typealias Settings = StageSettings

  public static let descriptor = StrategyDescriptor(
    id: "straight",
    summary: "Polyline through the samples; constant width, round caps and joins.",
    details: "Seeds 001 and 004. Zero look-ahead; nothing tentative. Reference strategy.",
    parameters: StageSettings.parameters(
      filter: InputFilter.parameters(
        minDistance: 0, typical: "0 (keep all)–2"),
      width: .constant, size: 2, outline: .round))

  public static func settings(from configuration: StrategyConfiguration) throws -> Settings {
    try StageSettings(configuration)
  }

  private let stages: StageSettings
  private var filter: InputFilter
  private var previous: WeightedPoint?
  /// The stroke's first sample; state and geometry are kept relative to it.
  private var origin = Point.zero

  public init(settings: Settings) {
    stages = settings
    filter = InputFilter(settings.filter)
  }

  public mutating func process(_ sample: Sample, into output: inout StrokeOutput) {
    stages.outline.preparePaint(&output)
    guard sample.point.isFinite else { return }  // ignored, like a filtered sample
    if previous == nil { origin = sample.point }
    guard let local = filter.apply(sample.translated(by: -origin)) else { return }
    let current = WeightedPoint(
      local.point, width: stages.width.width(of: local, after: previous?.point))
    if let a = previous {
      stages.outline.write(.line(a, current), startCap: false, origin: origin, into: &output.stable)
    } else {
      stages.outline.write(.dot(current), startCap: true, origin: origin, into: &output.stable)
    }
    previous = current
  }

  public mutating func complete(into output: inout StrokeOutput) {
    stages.outline.preparePaint(&output)
    previous = nil
    filter.reset()
  }
}
