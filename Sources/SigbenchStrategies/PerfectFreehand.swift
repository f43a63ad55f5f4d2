import SigbenchCore

/// perfect-freehand 1.2.2 (steveruizok/perfect-freehand, `getStroke` =
/// `getStrokeOutlinePoints(getStrokePoints(points))`), ported faithfully with the defaults of its
/// code, and run the way its users run it: the whole stroke recomputed from every sample so far
/// on each pointer event.
///
/// Algorithm (`PerfectFreehandStroke`): a sample is the array point `[x, y, pressure?]` (a
/// missing pressure reads 0.25 on the first sample and 0.5 later; time is never used). The
/// centre points are streamlined, q = prev + t·(sample − prev), t = 0.15 + 0.85·(1 −
/// `streamline`) = 0.575 by default, and points are dropped until the running length reaches
/// `size` (16 px). The radius is size·(0.5 − thinning·(0.5 − p)), with p simulated from the
/// spacing of the centre points by default (each step moves p toward 1 − min(1, d/size) at the
/// rate 0.275·min(1, d/size), starting from the first ten points folded), then tapered and at
/// least 0.01 px. The outline offsets every centre point to both sides, keeps a side's point
/// only when it is more than size·`smoothing` (8 px) from the last one kept, draws a half-disc
/// fan at turns over 90°, skips centre points within 3 px of the end (end noise), and closes
/// with a round start cap (13 points) and a one-and-a-half-turn round end cap, at angles of
/// π + 0.0001. The end cap has 29 points, not the 28 its loop reads as: its t = 1/29, 2/29, …
/// < 1 accumulates in floating point to just under 1 at the 29th value (as in JavaScript).
///
/// Finish: the finished stroke is `getStroke(points, { last: true })`, as the library's users
/// call it for a completed stroke (option `last-at-finish`, default true; sigbench's, not the
/// library's): the final sample is used as is, so the ink ends at the pen-up point instead of
/// 0.425 of the way short of it. Every push before uses `last` (default false, the code's
/// default), so the live preview is what those users see while drawing. `last-at-finish=false`
/// finishes with `last` as well (the library called with the same options throughout).
///
/// Output: the fill is the library's polygon (left points, end cap, right points backwards,
/// start cap) as one closed subpath of straight lines, filled non-zero, exactly the points
/// `getStroke` returns (the README's quadratic-midpoint SVG smoothing is the caller's rendering
/// and is not applied); the centreline joins the centre points that carry ink with straight
/// segments of the drawn width (2 × radius). One rule is added for what the library leaves
/// invisible (see `PerfectFreehandWalk.caps`): a stroke of one centre point, or shorter than 3 px
/// with a start taper, is the library's 13-point dot.
///
/// Revision: nothing is stable before `finish`. The source makes no part of its output final
/// (each call recomputes all of it), and drawn ink does move: the start pressure folds the
/// first ten points, every side point depends on the next centre point, the last 3 px are
/// dropped or kept as the stroke grows, and a new sample restreamlines the final point when
/// `last` is set (its users call the visible result "sawblading"). Every push (option `live`, default
/// true) writes the whole current stroke as tentative; `finish` writes it as stable. With
/// `live=false` a push only stores the sample and writes nothing, and `finish` computes the
/// stroke once (batch use); it then shows nothing while drawing, so it does not meet the
/// strategy contract's rule that the tentative tail previews what `finish` would draw.
///
/// - Complexity: O(n) time and memory per push for the n samples so far (O(n²) per stroke),
///   as in the source; the samples are kept in a growing array. `live=false`: O(1) amortised
///   per push, O(n) at finish.
public struct PerfectFreehand: SmoothingStrategy {
  public struct Settings: Sendable {
    public var options: PerfectFreehandOptions
    /// Recompute and write the whole stroke on every push.
    public var live: Bool
  }

  public static let descriptor = StrategyDescriptor(
    id: "perfect-freehand",
    summary: "perfect-freehand 1.2.2 getStroke, recomputed over the whole stroke on every push.",
    details:
      "steveruizok/perfect-freehand 1.2.2 with its code's defaults (size 16, last false)."
      + " Streamlined centre points, simulated pressure, outline polygon with round caps. Its"
      + " users call getStroke(allPoints) per pointer event: O(n) per push, and the whole"
      + " stroke stays tentative (it revises ink already drawn) until finish. The finished"
      + " stroke is getStroke with last: true, as its users call it (last-at-finish, default"
      + " true since 2026-12; before, finished strokes used last false and ended short of the"
      + " pen-up point).",
    parameters: PerfectFreehandOptions.parameters + [
      .choice(
        "live", ["true", "false"], default: "true",
        help: "Recompute and show the whole stroke on every push; false computes once in"
          + " finish (batch use).")
    ],
    cost: .wholeStrokePerPush)

  public static func settings(from configuration: StrategyConfiguration) throws -> Settings {
    Settings(
      options: try PerfectFreehandOptions(configuration),
      live: configuration.choice("live") == "true")
  }

  private let settings: Settings
  /// Every accepted sample so far, relative to `origin`.
  private var samples: [PerfectFreehandInput] = []
  /// The stroke's first sample; state and geometry are kept relative to it.
  private var origin = Point.zero
  /// Reused buffers of every recomputation: the centre points, and the outline loop's points
  /// of both sides (`PerfectFreehandStrokeBuffers`).
  private var points: [PerfectFreehandPoint] = []
  private var buffers = PerfectFreehandStrokeBuffers()

  /// sigbench's input-filter stage (off unless `filter=one-euro`).
  private var filter: InputFilter

  public init(settings: Settings) {
    self.settings = settings
    filter = InputFilter(settings.options.prefilter)
  }

  public mutating func process(_ sample: Sample, into output: inout StrokeOutput) {
    if sample.point.isFinite, let sample = filter.apply(sample) {  // non-finite: ignored
      if samples.isEmpty { origin = sample.point }
      samples.append(PerfectFreehandInput(sample, origin: origin))
      if samples.count > points.capacity { reserve(2 * samples.count) }
    }
    if settings.live { write(settings.options, into: &output.tentative) }
  }

  public mutating func complete(into output: inout StrokeOutput) {
    write(settings.options.atFinish, into: &output.stable)
    samples.removeAll(keepingCapacity: true)
    filter.reset()
  }

  /// The whole stroke so far: `getStroke` of every sample with the options `o`.
  private mutating func write(_ o: PerfectFreehandOptions, into ink: inout InkGeometry) {
    PerfectFreehandStroke.points(samples, o, into: &points)
    PerfectFreehandStroke.write(points, o, origin: origin, buffers: &buffers, into: &ink)
  }

  /// Makes room for `n` samples in the recomputation's buffers, as the samples grow (a push
  /// stores the sample and, at a doubling, the room to draw it), so that `finish` computes
  /// without allocating: the stroke's centre points (at most one per sample, five for two)
  /// and the outline loop's points.
  private mutating func reserve(_ n: Int) {
    points.reserveCapacity(max(n, 5))
    buffers.reserve(points: max(n, 5))
  }

  /// The library's outline of `samples` (canvas px) with `options`: what a finished stroke
  /// draws (with `last: true` when `lastAtFinish` is set, as `finish` does).
  public static func outline(_ samples: [Sample], options: PerfectFreehandOptions)
    -> PerfectFreehandOutline
  {
    let valid = samples.filter(\.point.isFinite)
    guard let origin = valid.first?.point else { return PerfectFreehandOutline() }
    let input = valid.map { PerfectFreehandInput($0, origin: origin) }
    let o = options.atFinish
    var outline = PerfectFreehandStroke.outline(PerfectFreehandStroke.points(input, o), o)
    func move(_ a: inout [Point]) { a = a.map { $0 + origin } }
    move(&outline.left)
    move(&outline.right)
    move(&outline.startCap)
    move(&outline.endCap)
    move(&outline.dot)
    outline.centre = outline.centre.map { WeightedPoint($0.point + origin, width: $0.width) }
    return outline
  }
}
