import SigbenchCore

/// Centripetal Catmull-Rom spline (α = 0.5) through every sample, each segment converted
/// exactly to a cubic Bézier (Yuksel, Schaefer and Keyser, "Parameterization and applications
/// of Catmull-Rom curves", Computer-Aided Design 43, 2011).
///
/// Input: samples closer than 0.01 px (strict `<`) to the previous kept one are removed first,
/// so no knot interval is zero (a zero chord would divide by zero). Ends: reflected phantom
/// points `P₋₁ = 2P₀ − P₁` and `Pₙ₊₁ = 2Pₙ − Pₙ₋₁`, which give a natural, straight-ish start
/// (duplicating the end point instead would give a zero-length tangent that needs a special
/// case). Segment Pₖ₋₁ → Pₖ needs Pₖ₊₁, so it becomes stable one sample later; meanwhile it is
/// shown as tentative geometry with the phantom end, which is exactly what `finish` bakes. A
/// single sample is a dot. Centripetal knots guarantee no cusp and no self-intersection within
/// a segment; `alpha` 0 (uniform) is offered for comparison and does form them on unevenly
/// spaced samples.
///
/// Stages: input filter (0.01 px) → Catmull-Rom curve → width model (constant 2 px; widths
/// interpolate linearly along each segment) → round outline.
///
/// - Complexity: O(1) time, three points and one control of state, no allocation per sample (one stable and
///   one tentative segment).
public struct CatmullRom: SmoothingStrategy {
  public struct Settings: Sendable {
    public var stages: StageSettings
    /// Knot exponent α in [0, 1]; 0.5 is centripetal.
    public var alpha: Double
  }

  public static let descriptor = StrategyDescriptor(
    id: "catmull-rom",
    summary: "Centripetal Catmull-Rom through every sample, as exact cubic Béziers.",
    details:
      "Yuksel, Schaefer and Keyser, CAD 2011. One sample of look-ahead: the newest"
      + " segment is tentative (phantom end) until the next sample arrives.",
    parameters: [
      .number(
        "alpha", unit: "", 0, 1, default: 0.5, typical: "0.5",
        help: "Knot exponent: 0.5 centripetal (no cusps or loops), 0 uniform, 1 chordal.")
    ]
      + StageSettings.parameters(
        filter: InputFilter.parameters(
          minDistance: 0.01, lower: 1e-6, typical: "0.01–1"),
        width: .constant, size: 2, outline: .round))

  public static func settings(from configuration: StrategyConfiguration) throws -> Settings {
    Settings(stages: try StageSettings(configuration), alpha: configuration.number("alpha"))
  }

  private let stages: StageSettings
  private let alpha: Double
  private var filter: InputFilter
  /// Accepted samples so far.
  private var count = 0
  /// The last three accepted points, oldest first: Pₖ₋₂, Pₖ₋₁, Pₖ.
  private var a = WeightedPoint.zero
  private var b = WeightedPoint.zero
  private var c = WeightedPoint.zero
  /// Knot intervals (`CatmullRomSegment.knotStep`) of the chords a → b and b → c, each computed
  /// once when its chord appears and reused by the three segments that need it.
  private var knotAB = 0.0
  private var knotBC = 0.0
  /// The stroke's first sample; state and geometry are kept relative to it.
  private var origin = Point.zero
  /// The first control of the segment b → c as the last tail wrote it
  /// (`CatmullRomSegment.startControl`); it does not depend on the point after c, so the stable
  /// segment a → b of the next accepted sample reuses it.
  private var tailStart = WeightedPoint.zero

  public init(settings: Settings) {
    stages = settings.stages
    alpha = settings.alpha
    filter = InputFilter(settings.stages.filter)
  }

  public mutating func process(_ sample: Sample, into output: inout StrokeOutput) {
    stages.outline.preparePaint(&output)
    guard sample.point.isFinite else {  // ignored, like a duplicate
      writeTail(into: &output.tentative)
      return
    }
    if count == 0 { origin = sample.point }
    guard let local = filter.apply(sample.translated(by: -origin)) else {
      writeTail(into: &output.tentative)
      return
    }
    let p = local.point
    let new = WeightedPoint(
      p, width: stages.width.width(of: local, after: count == 0 ? nil : c.point))
    a = b
    b = c
    c = new
    count += 1
    knotAB = knotBC
    knotBC = count >= 2 ? CatmullRomSegment.knotStep(c.point - b.point, alpha) : 0
    writeStableAndTail(into: &output)
  }

  public mutating func complete(into output: inout StrokeOutput) {
    stages.outline.preparePaint(&output)
    writeTail(into: &output.stable)
    count = 0
    filter.reset()
  }

  /// After an accepted sample: the segment that became stable, if any, and the tail. One
  /// function for both, small enough that the outline stage is inlined into it for both
  /// segments (written from `process`, the stable one was a call: about 45 instructions of each
  /// push more, by callgrind).
  private mutating func writeStableAndTail(into output: inout StrokeOutput) {
    if count >= 3 {
      // Pₖ₋₂ → Pₖ₋₁ now has both neighbours; its first control is the previous tail's.
      stages.outline.writeCubic(
        a, tailStart, CatmullRomSegment.endControl(a, b, c.point, knots: (knotAB, knotBC)), b,
        startCap: count == 3, origin: origin, into: &output.stable)
    }
    writeTail(into: &output.tentative)
  }

  /// The part not yet final: the dot of a one-sample stroke, or the newest segment with a
  /// phantom end.
  ///
  /// Keeps the tail's first control in `tailStart`. Being `mutating` also passes `self` by
  /// reference: a non-mutating method called from `process` receives a copy of the whole
  /// strategy in release builds (a memcpy of a few hundred bytes per push).
  @inline(__always) private mutating func writeTail(into ink: inout InkGeometry) {
    switch count {
    case 0: return
    case 1: stages.outline.write(.dot(c), startCap: true, origin: origin, into: &ink)
    default:
      // The phantom ends reduce to controls a third of the way along the chord
      // (`CatmullRomSegment.endControlBeforePhantom`, `startControlAfterPhantom`).
      if count == 2 {
        tailStart = CatmullRomSegment.startControlAfterPhantom(b, c)
      } else {
        tailStart = CatmullRomSegment.startControl(a.point, b, c, knots: (knotAB, knotBC))
      }
      stages.outline.writeCubic(
        b, tailStart, CatmullRomSegment.endControlBeforePhantom(b, c), c,
        startCap: count == 2, origin: origin, into: &ink)
    }
  }
}
