import SigbenchCore

/// Which of the two signature_pad ports an engine runs.
public enum SignaturePadVariant: Sendable, Hashable {
  /// As shipped in 5.1.3: handles in the library's evaluation order (the handle leaving the
  /// start point is evaluated next to the end point and vice versa) and the last segment
  /// never drawn.
  case asShipped
  /// Textbook handle order (start, leaving handle, entering handle, end) and the last segment
  /// drawn at finish, with the final point repeated as its look-ahead.
  case fixed
}

/// signature_pad 5.1.3's live drawing path as an event-time state machine: throttle, distance
/// filter, the four-point window with first-point duplication, filtered-speed widths and the
/// stamped curves. Shared by `signature-pad` and `signature-pad-fixed`.
///
/// Events (signature_pad 5.1.3, `SignaturePad._strokeBegin`, `_strokeMoveUpdate`,
/// `_strokeEnd`): the first sample of a stroke is pen-down and is processed at once; every
/// later sample is a move and goes through the throttle; `finish` is pen-up at the newest
/// sample's position and time, processed at once (it adds that position when the throttle
/// still holds it; otherwise the distance filter drops it as a repeat).
///
/// Throttle (signature_pad 5.1.3, `throttle`, leading and trailing), run on the samples' event
/// times (`Sample.time`, s, read as ms) instead of a wall clock: a move is processed at once
/// when no move was processed yet or at least `throttle` ms have passed since the last
/// processed one (or time went backwards); otherwise it is held, replacing any move already
/// held, and a timer is due `throttle` ms after the last processed move. A held move is
/// processed when a later sample arrives strictly after that due time, and it then carries the
/// due time as its time, as the library stamps `Date.now()` when the timer runs; a move
/// arriving exactly at the due time is processed at once and the held one is dropped. A move
/// without a finite time is processed at once and drops any held move. Each stroke starts with
/// a fresh throttle (the library's is shared by the pad; strokes further apart than `throttle`
/// behave alike).
///
/// Processing a point (signature_pad 5.1.3, `SignaturePad._strokeUpdate` and `_addPoint`):
/// it is dropped when within `minDistance` (inclusive) of the last kept point. The first kept
/// point is stamped as a dot (`_drawDot`). When the third point is kept the first is
/// duplicated, so the window is [p0, p0, p1, p2]; every kept point from then on makes one
/// curve for the window's middle segment and drops the oldest point. Its handles come from the
/// three-point construction (`SignaturePadCurve.handles`; `Bezier.fromPoints` takes the handle
/// leaving the start point from (w0, w1, w2) and the one entering the end from (w1, w2, w3)).
///
/// Width (signature_pad 5.1.3, `SignaturePad._calculateCurveWidths`, `Point.velocityFrom`):
/// speed v = |end − start| / Δt in px/ms, 0 when Δt is 0, either time is unknown (untimed
/// input), or time went backwards (the library would divide by the negative Δt), and capped at
/// 1e12 px/ms; filtered as `w·v + (1 − w)·previous` from 0 at pen-down. A curve starts with the
/// previous curve's end radius ((min + max)/2 for the first) and ends with
/// `SignaturePadSettings.width(velocity:)`. Untimed input therefore draws every curve towards
/// `maxWidth`.
///
/// Output: the dot and every curve are `stable` when made; `tentative` is what pen-up now
/// would add (`finish` run on a copy of the state), so it is empty for the shipped variant
/// unless the throttle holds the newest sample.
///
/// - Complexity: O(1) state (three points, the throttle, two filter values). A push does
///   O(1) work: the new curve, plus the tentative curves (the held sample's and, in the fixed
///   variant, the last segment), each one centreline segment and one `StampRun` (its stamps,
///   about 2 per px, are written out by whoever draws the ink). No allocation besides growing
///   the caller's geometry arrays.
public struct SignaturePadEngine: Sendable {
  /// A kept or held point: stroke-local position, px, and time, ms (`nil` when unknown).
  struct TimedPoint: Sendable {
    var point: Point
    var time: Double?
    static let zero = TimedPoint(point: .zero, time: nil)
  }

  /// Fastest speed used for widths, px/ms (keeps a vanishing Δt from overflowing the filter).
  public static let maximumVelocity = 1e12

  public let settings: SignaturePadSettings
  public let variant: SignaturePadVariant
  /// The stroke's first sample; points and geometry are kept relative to it.
  private var origin = Point.zero
  private var started = false
  /// The kept points and the width filter: all that processing a point reads and changes.
  private var window: Window
  /// The newest sample: where pen-up happens.
  private var newest = TimedPoint.zero
  /// Time of the last move the throttle let through, ms.
  private var lastCall: Double?
  /// The move the throttle holds, and when its timer is due, ms.
  private var held: TimedPoint?
  private var heldDue = 0.0

  /// sigbench's input-filter stage (off unless `filter=one-euro`).
  private var filter: InputFilter

  public init(settings: SignaturePadSettings, variant: SignaturePadVariant) {
    self.settings = settings
    self.variant = variant
    window = Window(lastWidth: settings.initialWidth)
    filter = InputFilter(settings.prefilter)
  }

  /// Consumes one sample (see the type's documentation); a sample with a non-finite position
  /// is ignored.
  public mutating func push(_ sample: Sample, into output: inout StrokeOutput) {
    guard sample.point.isFinite else {
      writePreview(into: &output.tentative)
      return
    }
    let isDown = !started
    if isDown {
      origin = sample.point
      started = true
    }
    let time = sample.time.flatMap { $0.isFinite ? $0 * 1000 : nil }
    guard let local = filter.apply(sample.translated(by: -origin)) else {
      writePreview(into: &output.tentative)
      return
    }
    let p = TimedPoint(point: local.point, time: time)
    newest = p
    if isDown {
      process(p, into: &output.stable)
    } else {
      throttledMove(p, into: &output.stable)
    }
    writePreview(into: &output.tentative)
  }

  /// Pen-up: appends what it draws to `output.stable` and resets for a new stroke.
  public mutating func finish(into output: inout StrokeOutput) {
    if started { Self.penUp(&window, at: newest, context, into: &output.stable) }
    self = SignaturePadEngine(settings: settings, variant: variant)
  }

  /// What pen-up now would draw: pen-up run on a copy of the window (the only state it
  /// changes besides the held move, which it drops). Nothing when the newest sample was
  /// already processed (it is then the newest kept point or a dropped repeat) and the
  /// variant draws no last segment.
  private func writePreview(into ink: inout InkGeometry) {
    guard started, held != nil || variant == .fixed || window.kept == 0 else { return }
    var preview = window
    Self.penUp(&preview, at: newest, context, into: &ink)
  }

  /// Pen-up at `p`: process it, then (fixed variant) draw the last segment.
  private static func penUp(
    _ w: inout Window, at p: TimedPoint, _ x: Context, into ink: inout InkGeometry
  ) {
    w.process(p, x, into: &ink)
    guard x.variant == .fixed else { return }
    switch w.kept {
    case 2: w.drawCurve(from: w.b, to: w.c, before: w.b, after: w.c, x, into: &ink)
    case 3: w.drawCurve(from: w.b, to: w.c, before: w.a, after: w.c, x, into: &ink)
    default: break
    }
  }

  private var context: Context { Context(settings: settings, variant: variant, origin: origin) }

  private mutating func process(_ p: TimedPoint, into ink: inout InkGeometry) {
    window.process(p, context, into: &ink)
  }

  private mutating func throttledMove(_ p: TimedPoint, into ink: inout InkGeometry) {
    let wait = settings.throttle
    guard wait > 0, let now = p.time else {
      held = nil
      process(p, into: &ink)
      return
    }
    if let h = held, heldDue < now {  // the timer ran before this sample
      held = nil
      lastCall = heldDue
      process(TimedPoint(point: h.point, time: heldDue), into: &ink)
    }
    if let last = lastCall {
      let remaining = wait - (now - last)
      if remaining > 0 && remaining <= wait {
        if held == nil { heldDue = last + wait }
        held = p
        return
      }
    }
    held = nil
    lastCall = now
    process(p, into: &ink)
  }

  /// Speed from `s` to `e`, px/ms (see the type's documentation for the zero cases), with
  /// `distance` = `s.point.distance(to: e.point)` given, px (the caller measures that chord
  /// once for the handles too).
  static func velocity(from s: TimedPoint, to e: TimedPoint, distance: Double) -> Double {
    guard let t0 = s.time, let t1 = e.time, t1 > t0 else { return 0 }
    return min(distance / (t1 - t0), maximumVelocity)
  }

  /// What drawing reads but never changes.
  struct Context {
    let settings: SignaturePadSettings
    let variant: SignaturePadVariant
    let origin: Point
  }

  /// The window of kept points and the width filter.
  struct Window: Sendable {
    /// Kept points so far, saturating at 3.
    var kept = 0
    /// The last kept points, oldest first: `c` is the newest (valid when `kept` ≥ 1), `b` the
    /// one before (`kept` ≥ 2), `a` the one before that (`kept` = 3).
    var a = TimedPoint.zero
    var b = TimedPoint.zero
    var c = TimedPoint.zero
    var lastVelocity = 0.0
    var lastWidth: Double

    init(lastWidth: Double) { self.lastWidth = lastWidth }

    /// The distance filter, then the window: a dot for the first point, a curve from the
    /// third.
    mutating func process(_ p: TimedPoint, _ x: Context, into ink: inout InkGeometry) {
      if kept > 0, p.point.distance(to: c.point) <= x.settings.minDistance { return }
      switch kept {
      case 0:
        ink.append(Disc(center: p.point + x.origin, radius: x.settings.dotRadius))
        c = p
        kept = 1
      case 1:
        b = c
        c = p
        kept = 2
      case 2:
        drawCurve(from: b, to: c, before: b, after: p, x, into: &ink)
        a = b
        b = c
        c = p
        kept = 3
      default:
        drawCurve(from: b, to: c, before: a, after: p, x, into: &ink)
        a = b
        b = c
        c = p
      }
    }

    /// The curve `s` → `e` of the window (before, s, e, after): handles, widths, stamps.
    mutating func drawCurve(
      from s: TimedPoint, to e: TimedPoint, before: TimedPoint, after: TimedPoint,
      _ x: Context, into ink: inout InkGeometry
    ) {
      // The chord s → e, measured once for both handle pairs and the speed (each of them
      // measures it as `s.point.distance(to: e.point)`).
      let chord = s.point.distance(to: e.point)
      let leaving = SignaturePadCurve.handles(
        before.point, s.point, e.point, l1: before.point.distance(to: s.point), l2: chord
      ).leaving
      let entering = SignaturePadCurve.handles(
        s.point, e.point, after.point, l1: chord, l2: e.point.distance(to: after.point)
      ).entering
      let w = x.settings.velocityFilterWeight
      let v =
        w * SignaturePadEngine.velocity(from: s, to: e, distance: chord) + (1 - w) * lastVelocity
      let width = x.settings.width(velocity: v)
      let shipped = x.variant == .asShipped
      let curve = SignaturePadCurve(
        start: s.point, control1: shipped ? entering : leaving,
        control2: shipped ? leaving : entering, end: e.point, startRadius: lastWidth,
        endRadius: width)
      lastVelocity = v
      lastWidth = width
      curve.write(maxRadius: x.settings.maxWidth, origin: x.origin, into: &ink)
    }
  }
}
