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
/// A held move is processed once, when it is held, without changing the window
/// (`PendingPoint`): pen-up now would process it exactly so, which is the tentative ink, and
/// when its timer runs the same result is applied to the window and its ink becomes stable.
/// Only the time the move is kept with differs (the due time instead of its own), and nothing
/// drawn by processing a point reads that point's time (a curve's speed is the one of the
/// segment before it), so this is the same, bit for bit, as processing it again.
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

  public var settings: SignaturePadSettings { context.settings }
  public var variant: SignaturePadVariant { context.variant }
  /// What drawing reads: the settings, the variant and the stroke's first sample (points and
  /// geometry are kept relative to it). Stored, not built per use, so that it is passed by
  /// reference.
  private var context: Context
  private var started = false
  /// The kept points and the width filter: all that processing a point reads and changes.
  private var window: Window
  /// The newest sample: where pen-up happens.
  private var newest = TimedPoint.zero
  /// Time of the last move the throttle let through, ms.
  private var lastCall: Double?
  /// Whether the throttle holds a move; then `held` is that move processed against the
  /// window (not yet applied), and `heldDue` when its timer is due, ms.
  private var isHolding = false
  private var held = PendingPoint(dropping: .zero)
  private var heldDue = 0.0

  /// sigbench's input-filter stage (off unless `filter=one-euro`).
  private var filter: InputFilter

  public init(settings: SignaturePadSettings, variant: SignaturePadVariant) {
    window = Window(lastWidth: settings.initialWidth)
    filter = InputFilter(settings.prefilter)
    context = Context(settings: settings, variant: variant, origin: .zero)
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
      context.origin = sample.point
      started = true
    }
    let time = sample.time.flatMap { $0.isFinite ? $0 * 1000 : nil }
    guard let local = filter.apply(sample.translated(by: -context.origin)) else {
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
  /// changes besides the held move, which it drops). With a held move (the newest sample),
  /// that is the held move's ink, already computed, and (fixed variant) the last segment
  /// after it. Otherwise nothing when the newest sample was already processed (it is then the
  /// newest kept point or a dropped repeat) and the variant draws no last segment.
  ///
  /// `mutating` only so that `self` is passed by reference (a non-mutating method receives a
  /// copy of the engine in release builds); it changes nothing.
  private mutating func writePreview(into ink: inout InkGeometry) {
    guard started else { return }
    if isHolding {
      held.write(context, into: &ink)
      guard variant == .fixed else { return }
      var after = window
      after.apply(held, time: newest.time)
      after.drawLastSegment(context, into: &ink)
    } else if variant == .fixed || window.kept == 0 {
      var preview = window
      Self.penUp(&preview, at: newest, context, into: &ink)
    }
  }

  /// Pen-up at `p`: process it, then (fixed variant) draw the last segment.
  private static func penUp(
    _ w: inout Window, at p: TimedPoint, _ x: Context, into ink: inout InkGeometry
  ) {
    w.process(p, x, into: &ink)
    guard x.variant == .fixed else { return }
    w.drawLastSegment(x, into: &ink)
  }

  private mutating func process(_ p: TimedPoint, into ink: inout InkGeometry) {
    window.process(p, context, into: &ink)
  }

  private mutating func throttledMove(_ p: TimedPoint, into ink: inout InkGeometry) {
    let wait = settings.throttle
    guard wait > 0, let now = p.time else {
      isHolding = false
      process(p, into: &ink)
      return
    }
    if isHolding, heldDue < now {  // the timer ran before this sample: process the held move
      isHolding = false
      lastCall = heldDue
      window.apply(held, time: heldDue)
      held.write(context, into: &ink)
    }
    if let last = lastCall {
      let remaining = wait - (now - last)
      if remaining > 0 && remaining <= wait {
        if !isHolding { heldDue = last + wait }
        isHolding = true
        window.pending(p, context, into: &held)
        return
      }
    }
    isHolding = false
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
    var origin: Point
  }

  /// A point processed against the window without changing it: whether the distance filter
  /// keeps it, and the dot or curve keeping it draws. `Window.apply` then makes the window's
  /// changes, `write` appends the ink.
  struct PendingPoint: Sendable {
    enum Kind: Sendable {
      /// Within the distance filter: nothing changes.
      case dropped
      /// Kept, no ink (the window is still filling).
      case kept
      /// Kept as the stroke's first point: its dot.
      case dot
      /// Kept: it completes `curve`.
      case curve
    }
    var kind: Kind
    /// The point's position, stroke-local px.
    var point: Point
    /// With `.curve`: the curve, its stamp count (`SignaturePadCurve.stepCount`) and the
    /// filtered speed it was drawn with, px/ms.
    var curve: SignaturePadCurve
    var steps: Int
    var velocity: Double
    /// With `.kept` and `.curve`: the chord from the window's newest point to `point`, px
    /// (the length the distance filter measured).
    var chord: Double

    /// `point`, dropped (the other fields zero until set).
    init(dropping point: Point) {
      kind = .dropped
      self.point = point
      chord = 0
      curve = SignaturePadCurve(
        start: .zero, control1: .zero, control2: .zero, end: .zero, startRadius: 0,
        endRadius: 0)
      steps = 0
      velocity = 0
    }

    /// Appends the ink: the dot, or the curve's centreline segment and stamps.
    @inline(__always) func write(_ x: Context, into ink: inout InkGeometry) {
      switch kind {
      case .dropped, .kept: return
      case .dot: ink.append(Disc(center: point + x.origin, radius: x.settings.dotRadius))
      case .curve:
        curve.write(maxRadius: x.settings.maxWidth, origin: x.origin, steps: steps, into: &ink)
      }
    }
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
    /// |c − b| (valid when `kept` ≥ 2) and |b − a| (when `kept` = 3; 0 while `kept` = 2, where
    /// the first curve's point before its start is the start itself), px. Each was measured
    /// when its end point was kept, by the distance filter, with `Point.distance(to:)` as a
    /// curve would measure it, so curves read the same bits without taking the roots again.
    var newestChord = 0.0
    var middleChord = 0.0

    init(lastWidth: Double) { self.lastWidth = lastWidth }

    /// The distance filter, then the window: a dot for the first point, a curve from the
    /// third.
    mutating func process(_ p: TimedPoint, _ x: Context, into ink: inout InkGeometry) {
      var result = PendingPoint(dropping: p.point)
      pending(p, x, into: &result)
      apply(result, time: p.time)
      result.write(x, into: &ink)
    }

    /// What processing `p` would do, without doing it, into `result` (written in place: the
    /// engine keeps a held move's there). `mutating` only so that the window is passed by
    /// reference (called on the engine's window, a non-mutating call copied the window and the
    /// settings first in release builds); it changes nothing.
    @inline(__always) mutating func pending(
      _ p: TimedPoint, _ x: Context, into result: inout PendingPoint
    ) {
      result.point = p.point
      result.kind = .dropped
      // |p − c| is |c − p| bit for bit (the differences only change sign).
      let chord = kept > 0 ? c.point.distance(to: p.point) : 0
      if kept > 0, chord <= x.settings.minDistance { return }
      result.chord = chord
      switch kept {
      case 0: result.kind = .dot
      case 1: result.kind = .kept
      case 2: curve(from: b, to: c, before: b, after: p.point, l2: chord, x, into: &result)
      default: curve(from: b, to: c, before: a, after: p.point, l2: chord, x, into: &result)
      }
    }

    /// Processes `pending` (computed by `pending(_:_:)` against this window), keeping its point
    /// with `time`, ms.
    @inline(__always) mutating func apply(_ pending: PendingPoint, time: Double?) {
      switch pending.kind {
      case .dropped: return
      case .dot: kept = 1
      case .kept:
        kept = 2
        b = c
        newestChord = pending.chord
      case .curve:
        kept = 3
        a = b
        b = c
        middleChord = newestChord
        newestChord = pending.chord
        lastVelocity = pending.velocity
        lastWidth = pending.curve.endRadius
      }
      c = TimedPoint(point: pending.point, time: time)
    }

    /// Fixed variant at pen-up: the last segment, drawn with the final point repeated as its
    /// look-ahead.
    mutating func drawLastSegment(_ x: Context, into ink: inout InkGeometry) {
      var last = PendingPoint(dropping: c.point)
      switch kept {
      case 2: curve(from: b, to: c, before: b, after: c.point, l2: 0, x, into: &last)
      case 3: curve(from: b, to: c, before: a, after: c.point, l2: 0, x, into: &last)
      default: return
      }
      last.write(x, into: &ink)
    }

    /// The curve `s` → `e` of the window (before, s, e, after): handles, widths, stamp count,
    /// into `result` (kind `.curve`). `l2` = |after − e|, px; |s − before| is `middleChord` and
    /// the chord s → e is `newestChord` (each measured once, when its end point was kept).
    func curve(
      from s: TimedPoint, to e: TimedPoint, before: TimedPoint, after: Point, l2: Double,
      _ x: Context, into result: inout PendingPoint
    ) {
      let chord = newestChord
      let leaving = SignaturePadCurve.handles(
        before.point, s.point, e.point, l1: middleChord, l2: chord
      ).leaving
      let entering = SignaturePadCurve.handles(s.point, e.point, after, l1: chord, l2: l2)
        .entering
      let w = x.settings.velocityFilterWeight
      let v =
        w * SignaturePadEngine.velocity(from: s, to: e, distance: chord) + (1 - w) * lastVelocity
      let width = x.settings.width(velocity: v)
      let shipped = x.variant == .asShipped
      result.kind = .curve
      result.curve = SignaturePadCurve(
        start: s.point, control1: shipped ? entering : leaving,
        control2: shipped ? leaving : entering, end: e.point, startRadius: lastWidth,
        endRadius: width)
      result.steps = result.curve.stepCount
      result.velocity = v
    }
  }
}
