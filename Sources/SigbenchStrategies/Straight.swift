import SigbenchCore

/// Straight lines between consecutive samples, constant width, round caps and joins.
///
/// The plain polyline of the seed apps (seed 001: `addLine` per touch, line width 2, round
/// cap; seed 004: the annotation brush). No look-ahead: each sample's segment is stable as soon
/// as the sample arrives, and nothing is ever tentative. It is the reference strategy: first
/// in the catalog and the denominator of every latency ratio.
///
/// Geometry: the centreline vertices are exactly the input samples. The fill is, per move, a
/// rectangle of the full width around the segment, and a disc of half the width at every
/// sample (round joins and caps; a tap is a single disc). A sample at the same position as the
/// previous one adds a zero-length centreline segment and no fill.
///
/// - Complexity: O(1) time and no allocation per sample (two to six outline elements).
public struct Straight: SmoothingStrategy {
  public struct Settings: Sendable {
    /// Full line width in CSS px.
    public var width: Double
  }

  public static let descriptor = StrategyDescriptor(
    id: "straight",
    summary: "Polyline through the samples; constant width, round caps and joins.",
    details: "Seeds 001 and 004. Zero look-ahead; nothing tentative. Reference strategy.",
    parameters: [
      .number(
        "width", unit: "px", 0, 200, lowerClosed: false, default: 2, typical: "1–5",
        help: "Full line width.")
    ])

  public static func settings(from configuration: StrategyConfiguration) throws -> Settings {
    Settings(width: configuration.number("width"))
  }

  private let width: Double
  private var previous: Point?

  public init(settings: Settings) {
    width = settings.width
  }

  public mutating func process(_ sample: Sample, into output: inout StrokeOutput) {
    let p = sample.point
    let r = width / 2
    guard let a = previous else {
      output.stable.append(Disc(center: p, radius: r))
      previous = p
      return
    }
    output.stable.append(.line(a, p, startWidth: width, endWidth: width))
    let d = p - a
    let len = d.length
    if len > 0 {
      let n = Point(x: -d.y / len * r, y: d.x / len * r)
      output.stable.append(.move(a + n))
      output.stable.append(.line(p + n))
      output.stable.append(.line(p - n))
      output.stable.append(.line(a - n))
      output.stable.append(.close)
      output.stable.append(Disc(center: p, radius: r))
    }
    previous = p
  }

  public mutating func complete(into output: inout StrokeOutput) {}
}
