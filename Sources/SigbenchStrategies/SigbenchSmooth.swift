import Foundation
import SigbenchCore

/// sigbench's own strategy: every failing the peers are measured with designed out at once.
///
/// 1. Input filter stage: samples closer than `min-distance` (0.01 px) to the previous kept
///    one are dropped (no zero chords, no NaN); the 1€ filter is available as for every
///    strategy but off.
/// 2. Corners: sample k is a corner when the chords into and out of it are both at least
///    `corner-arm` (1 px) long and turn by at least `corner-angle` (120°: a smooth loop sampled at 60 Hz turns by up to about 90° per sample, a cusp by close to 180°). Corners are kept
///    sharp: no smoothing across them and no tangent continuity through them.
/// 3. Noise: every other sample is replaced by a least-squares quadratic through the samples
///    within `window` (2) of it on each side (`LocalQuadraticFit`, Savitzky–Golay with the
///    sample times as abscissae, so uneven and jittered timing is handled), the window cut
///    at corners and at the stroke's ends. A quadratic keeps curvature, so arcs do not
///    shrink. The first and last samples are kept exactly: the ink starts at pen-down and
///    ends at pen-up (gaps 0).
/// 4. Knots: the smoothed points are thinned to at least `knot-spacing` (1 px) apart: a
///    smoothed point becomes a knot when it lies that far from the previous knot, and corners,
///    the first sample and the last one always are. When the pen is slow or at rest (every
///    stroke's first and last moments, cusps) the samples crowd into a cluster smaller than
///    their noise; a curve through each of them would wander inside it and turn back and forth
///    (measured on `Corpus/synthetic/` at 240 Hz: 86 % of the curvature-variation energy lay
///    within 3 px of the stroke ends). Knots a fixed distance apart also make the curve's
///    sampling independent of the input rate.
/// 5. Curve: centripetal Catmull-Rom through the knots (Yuksel, Schaefer and Keyser, CAD
///    2011), each segment an exact cubic: tangent-continuous at every join but the corners,
///    where reflected phantom points end each side with its own tangent, as at both ends.
/// 6. Width, chosen once per stroke before any ink is stable (`PressureEvidence`, the online
///    form of `PressureCredibility`): real pressure when credible, `min-width + (max-width −
///    min-width) · p`; otherwise, with times, the speed of the fitted quadratic (px/s):
///    `max-width − (max-width − min-width) · min(1, v / speed-scale)`, the same physical speed
///    giving the same width at any sample rate; without times, the same with the fitted step
///    per sample against `step-scale`.
/// 7. Streaming: a smoothed point is final (and its knot decided) once `window` samples
///    follow it; a segment is stable once the knot after its end is decided, and never
///    revised. At a stroke's start, stable ink waits until the width model is decided (8
///    samples). The tail from the stable end to the newest sample is tentative:
///    - `tail=cubic` (default): one cubic from the stable end, along its tangent, to the newest
///      sample, along the last chord. One outline piece per push; the tail moves more when it
///      settles than with `exact`;
///    - `tail=exact`: every provisional segment exactly as `finish` would draw it if the pen
///      lifted now (the knots the remaining samples would give, the newest sample last).
///
/// Stages: its own filter, curve and width (above) → round outline.
///
/// - Complexity: O(window) per push (one fit of 2·window + 1 points, at most one stable segment
///   per knot, one tentative cubic; `tail=exact`: window + 1 fits and at most window + 3
///   tentative segments), fixed state (a 16-sample ring and a 16-knot ring), no allocation.
public struct SigbenchSmooth: SmoothingStrategy {
  public struct Settings: Sendable {
    public var filter: InputFilter.Settings
    public var window: Int
    public var span: Double
    /// Radians.
    public var cornerAngle: Double
    public var cornerArm: Double
    /// px.
    public var knotSpacing: Double
    public var minWidth: Double
    public var maxWidth: Double
    /// px/s.
    public var speedScale: Double
    /// px per sample.
    public var stepScale: Double
    public var outline: OutlineStyle
    /// The tentative tail as the finish would draw it (`exact`) or as one cubic (`cubic`).
    public var exactTail: Bool
  }

  /// Which width rule a stroke uses.
  enum WidthSource: Sendable { case undecided, pressure, speed, step }

  static let capacity = 16

  public static let descriptor = StrategyDescriptor(
    id: "sigbench-smooth",
    summary: "Quadratic-fit denoising, sharp corners, Catmull-Rom joins, pressure or speed width.",
    details:
      "Ends exactly at pen-down and pen-up, smooth joins except at detected corners, width from"
      + " credible pressure or time-based speed (rate independent); stable ink never revised.",
    parameters: [
      .number(
        "window", unit: "samples", 0, 4, default: 2, typical: "1–3",
        help: "Samples on each side of the quadratic fit; 0 turns smoothing off."),
      .number(
        "span", unit: "px", 0, 1000, default: 6, typical: "4–8",
        help: "Only samples this close to the one smoothed enter its fit."),
      .number(
        "corner-angle", unit: "°", 1, 180, default: 120, typical: "90–150",
        help: "Turn at a sample that makes it a corner (kept sharp)."),
      .number(
        "corner-arm", unit: "px", 0, 100, default: 1, typical: "0.5–2",
        help: "Shortest chord on each side of a corner."),
      .number(
        "knot-spacing", unit: "px", 0, 100, default: 1, typical: "0.5–2",
        help: "Least distance between the smoothed points the curve passes through; 0 keeps all."),
      .number(
        "min-width", unit: "px", 0, 100, lowerClosed: false, default: 1, typical: "1",
        help: "Width at pressure 0 or at speed-scale and above."),
      .number(
        "max-width", unit: "px", 0, 100, lowerClosed: false, default: 3, typical: "3",
        help: "Width at pressure 1 or at rest."),
      .number(
        "speed-scale", unit: "px/s", 0, 1e6, lowerClosed: false, default: 1000,
        typical: "500–1500", help: "Speed at which the width reaches min-width (timed input)."),
      .number(
        "step-scale", unit: "px", 0, 1000, lowerClosed: false, default: 8, typical: "4–12",
        help: "Step per sample at which the width reaches min-width (untimed input)."),
      OutlineStyle.parameter(default: .round),
      .choice(
        "tail", ["cubic", "exact"], default: "cubic",
        help: "Tentative tail: one cubic from the stable ink to the newest sample (cheap), or"
          + " every provisional segment exactly as pen-up would draw them."),
    ] + InputFilter.parameters(minDistance: 0.01, lower: 1e-6, typical: "0.01–1"))

  public static func settings(from c: StrategyConfiguration) throws -> Settings {
    let low = c.number("min-width")
    let high = c.number("max-width")
    guard high >= low else {
      throw StrategyError.invalidOption(
        strategy: descriptor.id, option: "max-width",
        rule: "must be at least min-width (\(ParameterValue.format(low)) px)",
        value: ParameterValue.format(high))
    }
    return Settings(
      filter: try InputFilter.Settings(c), window: Int(c.number("window").rounded()),
      span: c.number("span"),
      cornerAngle: c.number("corner-angle") * Double.pi / 180, cornerArm: c.number("corner-arm"),
      knotSpacing: c.number("knot-spacing"),
      minWidth: low, maxWidth: high, speedScale: c.number("speed-scale"),
      stepScale: c.number("step-scale"), outline: try OutlineStyle(c),
      exactTail: c.choice("tail") == "exact")
  }

  let settings: Settings
  var filter: InputFilter
  // Ring of the last `capacity` kept samples (index i lives at i & 15): position, time (s),
  // pressure (NaN when absent) and corner flag.
  var px = InlineArray<16, Double>(repeating: 0)
  var py = InlineArray<16, Double>(repeating: 0)
  var pt = InlineArray<16, Double>(repeating: 0)
  var pp = InlineArray<16, Double>(repeating: 0)
  var corner = InlineArray<16, Bool>(repeating: false)
  /// The knots decided so far (final smoothed points the curve passes through).
  var knots = Knots()
  /// Kept samples, samples whose smoothed point is final (and its knot decided), stable
  /// segments written (segment j: knot j → j + 1).
  var count = 0
  var finalPoints = 0
  var emitted = 0
  var timed = true
  var evidence = PressureEvidence()
  var source = WidthSource.undecided
  /// The second handle of the newest stable segment (the stable end's tangent for the `cubic`
  /// tail).
  var stableHandle = Point.zero
  /// The unit vector from `stableHandle` to the stable end (zero when they coincide): the
  /// `cubic` tail's leaving direction, computed once per stable segment rather than per push.
  var leave = Point.zero
  /// The chord into the newest sample (newest − previous, px) and its length, and the chord
  /// before it: computed once when the sample is kept, read by the corner test, the `cubic`
  /// tail's arriving direction and the newest sample's width (valid from 2 and 3 samples on).
  var lastChord = Point.zero
  var lastChordLength = 0.0
  var previousChord = Point.zero
  var previousChordLength = 0.0
  /// Smoothed points the exact tail computed that no later sample changes (their fit windows
  /// end before the newest sample: `SigbenchSmooth+Settled.swift`), kept for the next pushes'
  /// tails and for when they become final: samples below `settledCount`, computed under the
  /// fit and width rule `settledRule` (`settledRule(for:)`). Slot i & 15.
  var settledPoints = InlineArray<16, WeightedPoint>(repeating: .zero)
  /// The speed or step each settled point's width was computed from (`fitted`), so a change of
  /// the width formula alone keeps the points (`adoptRule(for:)`).
  var settledSlopes = InlineArray<16, Double>(repeating: 0)
  var settledCount = 0
  var settledRule = 0
  /// `cos(settings.cornerAngle)`, for the corner test's shortcut (`isCorner`).
  let cornerCosine: Double
  /// `settings.span²` (px²).
  let span2: Double
  /// The input filter is the distance rule alone (no 1€ filter): `process` applies it itself.
  let plainFilter: Bool
  /// The stroke's first sample; state and geometry are kept relative to it.
  var origin = Point.zero

  public init(settings: Settings) {
    self.settings = settings
    filter = InputFilter(settings.filter)
    cornerCosine = cos(settings.cornerAngle)
    span2 = settings.span * settings.span
    plainFilter = settings.filter.mode == .minDistance
  }

  public mutating func process(_ sample: Sample, into output: inout StrokeOutput) {
    settings.outline.preparePaint(&output)
    guard sample.point.isFinite else {
      writeTail(into: &output.tentative)
      return
    }
    if count == 0 { origin = sample.point }
    let local: Sample
    if plainFilter {
      // `filter.apply` without the 1€ filter: its reference point is the newest kept sample
      // (`px`, `py`), so the distance it measures is the new chord's length, computed once.
      local = sample.translated(by: -origin)
      if count > 0 {
        let q = (count - 1) & 15
        let chord = Point(x: local.x - px[q], y: local.y - py[q])
        let length = chord.length
        guard !(length < settings.filter.minDistance) else {
          writeTail(into: &output.tentative)
          return
        }
        previousChord = lastChord
        previousChordLength = lastChordLength
        lastChord = chord
        lastChordLength = length
      }
    } else {
      guard let filtered = filter.apply(sample.translated(by: -origin)) else {
        writeTail(into: &output.tentative)
        return
      }
      local = filtered
      if count > 0 {
        let q = (count - 1) & 15
        previousChord = lastChord
        previousChordLength = lastChordLength
        lastChord = Point(x: local.x - px[q], y: local.y - py[q])
        lastChordLength = lastChord.length
      }
    }
    let p = local.point
    let slot = count & 15
    px[slot] = p.x
    py[slot] = p.y
    let t = local.time ?? .nan
    if count > 0, !(t > pt[(count - 1) & 15]) { timed = false }
    if !t.isFinite { timed = false }
    pt[slot] = t
    pp[slot] = local.pressure ?? .nan
    corner[slot] = false
    // The evidence only decides the width rule (and, until then, the provisional one).
    if source == .undecided { evidence.observe(local.pressure) }
    count += 1
    if count >= 3 { markCorner() }
    if source == .undecided, evidence.isDecidable { source = decidedSource() }
    if source != .undecided {
      while finalPoints + settings.window < count - 1 {
        let q =
          settledPoint(finalPoints, source: source)
          ?? smoothed(finalPoints, last: Int.max, source: source)
        knots.offer(q, corner: corner[finalPoints & 15], spacing: settings.knotSpacing)
        finalPoints += 1
      }
      if emitted + 2 < knots.count {
        repeat {
          stableHandle = writeSegment(emitted, into: &output.stable)
          emitted += 1
        } while emitted + 2 < knots.count
        leave = Self.direction(knots[emitted].point - stableHandle)
      }
    }
    if emitted > 0, !settings.exactTail {
      // `writeTail`'s cubic case without its call: stable ink exists only once the width rule
      // is decided, so the provisional rule is `source`.
      writeCubicTail(source: source, into: &output.tentative)
    } else {
      writeTail(into: &output.tentative)
    }
  }

  public mutating func complete(into output: inout StrokeOutput) {
    settings.outline.preparePaint(&output)
    if count > 0 {
      if source == .undecided { source = decidedSource() }
      close(source: source)
      if count == 1 {
        settings.outline.write(
          .dot(knots[0]), startCap: true, origin: origin, into: &output.stable)
      }
      for j in emitted..<(knots.count - 1) { writeSegment(j, into: &output.stable) }
    }
    reset()
  }

  /// The state of `init(settings:)` for the next stroke, without rebuilding the strategy: the
  /// sample, knot and settled-point rings keep their stale contents, which nothing reads (every
  /// read is of a slot below `count`, `knots.count` or `settledCount`, each written first), and
  /// the derived constants (`cornerCosine`, `span2`) stay.
  ///
  /// - Complexity: O(1), a few dozen stores rather than the ~1.5 KB of rings rewritten.
  @inline(__always) mutating func reset() {
    filter = InputFilter(settings.filter)
    knots.removeLast(to: 0)
    count = 0
    finalPoints = 0
    emitted = 0
    timed = true
    evidence = PressureEvidence()
    source = .undecided
    stableHandle = .zero
    leave = .zero
    lastChord = .zero
    lastChordLength = 0
    previousChord = .zero
    previousChordLength = 0
    settledCount = 0
    settledRule = 0
    origin = .zero
  }
}
