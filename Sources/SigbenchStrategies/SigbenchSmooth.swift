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

  private let settings: Settings
  private var filter: InputFilter
  // Ring of the last `capacity` kept samples (index i lives at i & 15): position, time (s),
  // pressure (NaN when absent) and corner flag.
  private var px = InlineArray<16, Double>(repeating: 0)
  private var py = InlineArray<16, Double>(repeating: 0)
  private var pt = InlineArray<16, Double>(repeating: 0)
  private var pp = InlineArray<16, Double>(repeating: 0)
  private var corner = InlineArray<16, Bool>(repeating: false)
  /// The knots decided so far (final smoothed points the curve passes through).
  private var knots = Knots()
  /// Kept samples, samples whose smoothed point is final (and its knot decided), stable
  /// segments written (segment j: knot j → j + 1).
  private var count = 0
  private var finalPoints = 0
  private var emitted = 0
  private var timed = true
  private var evidence = PressureEvidence()
  private var source = WidthSource.undecided
  /// The second handle of the newest stable segment (the stable end's tangent for the `cubic`
  /// tail).
  private var stableHandle = Point.zero
  /// The stroke's first sample; state and geometry are kept relative to it.
  private var origin = Point.zero

  public init(settings: Settings) {
    self.settings = settings
    filter = InputFilter(settings.filter)
  }

  public mutating func process(_ sample: Sample, into output: inout StrokeOutput) {
    settings.outline.preparePaint(&output)
    guard sample.point.isFinite else {
      writeTail(into: &output.tentative)
      return
    }
    if count == 0 { origin = sample.point }
    guard let local = filter.apply(sample.translated(by: -origin)) else {
      writeTail(into: &output.tentative)
      return
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
    evidence.observe(local.pressure)
    count += 1
    if count >= 3 { markCorner(count - 2) }
    if source == .undecided, evidence.isDecidable { source = decidedSource() }
    if source != .undecided {
      while finalPoints + settings.window < count - 1 {
        let q = smoothed(finalPoints, last: Int.max, source: source)
        knots.offer(q, corner: corner[finalPoints & 15], spacing: settings.knotSpacing)
        finalPoints += 1
      }
      while emitted + 2 < knots.count {
        stableHandle = writeSegment(emitted, of: knots, into: &output.stable)
        emitted += 1
      }
    }
    writeTail(into: &output.tentative)
  }

  public mutating func complete(into output: inout StrokeOutput) {
    settings.outline.preparePaint(&output)
    if count > 0 {
      if source == .undecided { source = decidedSource() }
      var ring = knots
      close(&ring, source: source)
      if count == 1 {
        settings.outline.write(.dot(ring[0]), startCap: true, origin: origin, into: &output.stable)
      }
      for j in emitted..<(ring.count - 1) { writeSegment(j, of: ring, into: &output.stable) }
    }
    self = SigbenchSmooth(settings: settings)
  }

  // MARK: Stages
  //
  // The helpers below that only read are still `mutating`: called from `push`, a non-mutating
  // method would receive a copy of the strategy's 1.5 KB of ring state on every call.

  /// The width rule for the rest of the stroke.
  private func decidedSource() -> WidthSource {
    if evidence.isCredible { return .pressure }
    return timed ? .speed : .step
  }

  /// Flags sample `k` (which has both neighbours) as a corner or not.
  private mutating func markCorner(_ k: Int) {
    let a = Point(x: px[k & 15] - px[(k - 1) & 15], y: py[k & 15] - py[(k - 1) & 15])
    let b = Point(x: px[(k + 1) & 15] - px[k & 15], y: py[(k + 1) & 15] - py[k & 15])
    guard a.length >= settings.cornerArm, b.length >= settings.cornerArm else { return }
    corner[k & 15] = abs(atan2(a.cross(b), a.dot(b))) >= settings.cornerAngle
  }

  /// Adds the knots the rest of the stroke gives if it ends at the newest sample: the smoothed
  /// points not yet final, with the windows cut at the end, and the newest sample itself
  /// (always a knot: the ink ends at pen-up).
  private mutating func close(_ ring: inout Knots, source s: WidthSource) {
    let last = count - 1
    guard finalPoints <= last else { return }
    for i in finalPoints..<last {
      let q = smoothed(i, last: last, source: s)
      ring.offer(q, corner: corner[i & 15], spacing: settings.knotSpacing)
    }
    let end = smoothed(last, last: last, source: s)
    ring.append(end, corner: true)
  }

  /// Smoothed point `i` and its width, as it is with the stroke ending at sample `last`
  /// (`Int.max` while it goes on): the quadratic fit at sample `i` (see the type's comment).
  @inline(__always) private mutating func smoothed(_ i: Int, last: Int, source: WidthSource)
    -> WeightedPoint
  {
    let end = min(last, count - 1)
    let p = Point(x: px[i & 15], y: py[i & 15])
    var lo = max(0, i - settings.window)
    var hi = min(end, i + settings.window)
    if i == 0 || i == end || corner[i & 15] {
      (lo, hi) = (max(0, i - 1), min(end, i + 1))
      return WeightedPoint(p, width: width(i, slope: chordSlope(lo, hi, i), source: source))
    }
    var k = i - 1
    while k > lo {
      if corner[k & 15] {
        lo = k
        break
      }
      k -= 1
    }
    k = i + 1
    while k < hi {
      if corner[k & 15] {
        hi = k
        break
      }
      k += 1
    }
    let span2 = settings.span * settings.span
    while lo < i - 1, squaredDistance(lo, p) > span2 { lo += 1 }
    while hi > i + 1, squaredDistance(hi, p) > span2 { hi -= 1 }
    var fit = LocalQuadraticFit()
    let t0 = pt[i & 15]
    for j in lo...hi {
      let tau = timed ? (pt[j & 15] - t0) * 1000 : Double(j - i)
      fit.add(tau: tau, x: px[j & 15] - p.x, y: py[j & 15] - p.y)
    }
    guard settings.window > 0, let s = fit.solve() else {
      return WeightedPoint(p, width: width(i, slope: chordSlope(lo, hi, i), source: source))
    }
    let slope = Point(x: s.dx, y: s.dy).length * (timed ? 1000 : 1)
    return WeightedPoint(
      Point(x: p.x + s.x, y: p.y + s.y), width: width(i, slope: slope, source: source))
  }

  @inline(__always) private mutating func squaredDistance(_ j: Int, _ p: Point) -> Double {
    let dx = px[j & 15] - p.x
    let dy = py[j & 15] - p.y
    return dx * dx + dy * dy
  }

  /// Speed (px/s, timed) or step (px per sample) from the chord between samples `lo` and `hi`.
  @inline(__always) private mutating func chordSlope(_ lo: Int, _ hi: Int, _ i: Int) -> Double {
    guard hi > lo else { return 0 }
    let d = Point(x: px[hi & 15] - px[lo & 15], y: py[hi & 15] - py[lo & 15]).length
    if timed {
      let dt = pt[hi & 15] - pt[lo & 15]
      return dt > 0 ? d / dt : 0
    }
    return d / Double(hi - lo)
  }

  /// Width at sample `i` whose speed or step is `slope`.
  @inline(__always) private mutating func width(_ i: Int, slope: Double, source: WidthSource)
    -> Double
  {
    let low = settings.minWidth
    let high = settings.maxWidth
    switch source {
    case .pressure:
      let p = pp[i & 15]
      return p.isFinite ? low + (high - low) * min(1, max(0, p)) : high
    case .speed: return high - (high - low) * min(1, slope / settings.speedScale)
    case .step, .undecided:
      return timed
        ? high - (high - low) * min(1, slope / settings.speedScale)
        : high - (high - low) * min(1, slope / settings.stepScale)
    }
  }

  /// The width rule for provisional points: the decided one, or pressure as soon as it is
  /// credible.
  private var provisionalSource: WidthSource {
    source == .undecided ? (evidence.isCredible ? WidthSource.pressure : .undecided) : source
  }

  /// Segment `j` of `ring` (knot j → j + 1): centripetal Catmull-Rom, with a reflected phantom
  /// beyond the first knot and beyond every corner (the stroke's end counts as one). Returns the point
  /// its end tangent comes from (its second handle).
  @discardableResult
  @inline(__always) private func writeSegment(
    _ j: Int, of ring: Knots, into ink: inout InkGeometry
  ) -> Point {
    let a = ring[j]
    let b = ring[j + 1]
    let shape: CurveShape
    if a.point.distance(to: b.point) < 1e-9 {
      shape = .line(a, b)
    } else {
      let before =
        j == 0 || ring.isCorner(j)
        ? CatmullRomSegment.phantom(beyond: a.point, from: b.point) : ring[j - 1].point
      let after =
        ring.isCorner(j + 1)
        ? CatmullRomSegment.phantom(beyond: b.point, from: a.point) : ring[j + 2].point
      shape = CatmullRomSegment.shape(before, a, b, after, alpha: 0.5)
    }
    settings.outline.write(shape, startCap: j == 0, origin: origin, into: &ink)
    if case .cubic(_, _, let h2, _) = shape { return h2.point }
    return a.point
  }

  /// The tentative tail: what `finish` would add if the pen lifted now.
  private mutating func writeTail(into ink: inout InkGeometry) {
    guard count > 0 else { return }
    let s = provisionalSource
    if count == 1 {
      let p = WeightedPoint(Point(x: px[0], y: py[0]), width: width(0, slope: 0, source: s))
      settings.outline.write(.dot(p), startCap: true, origin: origin, into: &ink)
      return
    }
    if !settings.exactTail, emitted > 0 {
      writeCubicTail(source: s, into: &ink)
      return
    }
    var ring = knots
    close(&ring, source: s)
    for j in emitted..<(ring.count - 1) { writeSegment(j, of: ring, into: &ink) }
  }

  /// `d` scaled to length 1, or zero.
  private static func direction(_ d: Point) -> Point {
    let l = d.length
    return l > 0 ? d * (1 / l) : .zero
  }

  /// The `cubic` tail: one cubic from the end of the stable ink, leaving along its tangent, to
  /// the newest sample, arriving along the last chord; handles a third of the distance.
  private mutating func writeCubicTail(source s: WidthSource, into ink: inout InkGeometry) {
    let last = count - 1
    let a = knots[emitted]
    let b = Point(x: px[last & 15], y: py[last & 15])
    let end = WeightedPoint(
      b, width: width(last, slope: chordSlope(last - 1, last, last), source: s))
    let reach = a.point.distance(to: b) / 3
    let leave = SigbenchSmooth.direction(a.point - stableHandle)
    let arrive = SigbenchSmooth.direction(b - Point(x: px[(last - 1) & 15], y: py[(last - 1) & 15]))
    let dw = end.width - a.width
    let shape = CurveShape.cubic(
      a, WeightedPoint(a.point + leave * reach, width: a.width + dw / 3),
      WeightedPoint(b - arrive * reach, width: a.width + dw * 2 / 3), end)
    settings.outline.write(shape, startCap: false, origin: origin, into: &ink)
  }

  /// The knots of a stroke: a ring of the newest 16 (knot k at k & 15; at most window + 4 are
  /// ever read back), each a smoothed point with its width and whether the curve stays sharp
  /// there (a corner, or the stroke's last sample, which has a phantom beyond it).
  struct Knots: Sendable {
    private var x = InlineArray<16, Double>(repeating: 0)
    private var y = InlineArray<16, Double>(repeating: 0)
    private var w = InlineArray<16, Double>(repeating: 0)
    private var corners = InlineArray<16, Bool>(repeating: false)
    private(set) var count = 0

    subscript(k: Int) -> WeightedPoint {
      WeightedPoint(Point(x: x[k & 15], y: y[k & 15]), width: w[k & 15])
    }

    /// Position of the newest knot (valid when `count` > 0).
    var newest: Point { Point(x: x[(count - 1) & 15], y: y[(count - 1) & 15]) }

    func isCorner(_ k: Int) -> Bool { corners[k & 15] }

    /// Makes `q` a knot when it is the first, a corner, or at least `spacing` px from the
    /// newest knot (see the strategy's comment, step 4).
    @inline(__always) mutating func offer(_ q: WeightedPoint, corner: Bool, spacing: Double) {
      if count == 0 || corner || q.point.distance(to: newest) >= spacing {
        append(q, corner: corner)
      }
    }

    /// Appends a knot; `corner` keeps the curve sharp there.
    mutating func append(_ q: WeightedPoint, corner: Bool) {
      let slot = count & 15
      x[slot] = q.point.x
      y[slot] = q.point.y
      w[slot] = q.width
      corners[slot] = corner
      count += 1
    }
  }
}
