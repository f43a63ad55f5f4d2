import SigbenchCore

/// perfect-freehand 1.2.2 (steveruizok/perfect-freehand, `getStroke` =
/// `getStrokeOutlinePoints(getStrokePoints(points))`) with the same options and the same
/// outline points as `PerfectFreehand`, computed incrementally: O(1) amortised work per push
/// instead of the whole stroke, and ink that is final is drawn once and never moves.
///
/// It answers the two complaints about running the library live: the cost of every event grows
/// with the stroke (`getStroke(allPoints)` per event, O(n²) per stroke), and ink already drawn
/// moves on the next event (what its users call "sawblading").
///
/// Design (`PerfectFreehandIncrementalEngine`): every centre point and outline point is computed once, when
/// nothing later can change it, and emitted as stable. Tentative, and recomputed on every
/// push, is only what later samples can still change:
/// - the newest sample's centre point (the minimum-length gate drops it while the stroke is
///   shorter than `size`; with `last` it is unstreamlined until the next sample; with
///   `last-at-finish`, the default, it is streamlined while drawing and used as is when the
///   stroke finishes, so it stays tentative until the next sample);
/// - the outline of the centre points within max(3 px, end taper) of the newest final centre
///   point (end-noise skip, end taper), and of the one whose successor is not final (turn
///   test and offset blend need the next vector);
/// - the end cap (it follows the last point);
/// - everything, while the start pressure is unknown (fewer than ten centre points with
///   simulated pressure: the library folds the first ten into it) or while the stroke is
///   shorter than that distance, and for one or two samples (the library expands them).
/// Once the stroke has ten centre points and is longer than max(3 px, end taper), the
/// tentative part is the last max(3 px, end taper) of the centreline plus up to two centre
/// points, and the end cap. Nothing of the library's output is approximated; the library's
/// `taper: true` (a taper as long as the stroke, which changes every radius on every push, so
/// nothing could be final) is not offered by either port.
///
/// Output: the centreline joins the centre points that carry ink with straight segments of the
/// drawn width (2 × radius), as in `PerfectFreehand`. The fill is the same points cut in closed
/// pieces (each filled non-zero, the ink their union): the start cap, one band per push
/// between the previous and the new final outline points of both sides, and the tentative band
/// from the last final points around the end cap. While nothing is final the tentative fill
/// is the library's whole polygon, as in `PerfectFreehand`. Where the library's single polygon
/// crosses itself, its non-zero fill and the union of the pieces can differ by the crossing
/// loops; the outline points and caps are the same (checked within 0.01 px on seeded random
/// strokes). A stroke of one centre point, or shorter than 3 px with a start taper, is a dot, as
/// in `PerfectFreehand`.
///
/// - Complexity: O(k) per push for the k centre points in the tail, independent of the stroke
///   length (without a taper: those within the last 3 px, a handful at 60–240 Hz, a few dozen
///   while the pen rests and the streamlined point creeps toward it in ever smaller steps);
///   each point is finalised once. No heap allocation per push in steady state: the tail's
///   points and the outline buffers are reused.
public struct PerfectFreehandIncremental: SmoothingStrategy {
  public typealias Settings = PerfectFreehandOptions

  public static let descriptor = StrategyDescriptor(
    id: "perfect-freehand-incremental",
    summary: "perfect-freehand 1.2.2's outline computed incrementally; final ink never moves.",
    details:
      "Same options and outline points as perfect-freehand, O(1) amortised per push. Tentative:"
      + " the last max(3 px, end taper) of outline, the end cap, the newest centre point, and"
      + " the whole stroke until the start pressure is known (ten centre points). The finished"
      + " stroke is getStroke with last: true (last-at-finish, default true since 2026-12;"
      + " before, finished strokes used last false and ended short of the pen-up point).",
    parameters: PerfectFreehandOptions.parameters)

  public static func settings(from configuration: StrategyConfiguration) throws -> Settings {
    try PerfectFreehandOptions(configuration)
  }

  private var stream: PerfectFreehandIncrementalEngine
  /// The stroke's first sample; state and geometry are kept relative to it.
  private var origin = Point.zero

  /// sigbench's input-filter stage (off unless `filter=one-euro`).
  private var filter: InputFilter

  public init(settings: Settings) {
    stream = PerfectFreehandIncrementalEngine(options: settings)
    filter = InputFilter(settings.prefilter)
  }

  public mutating func process(_ sample: Sample, into output: inout StrokeOutput) {
    if sample.point.isFinite, let sample = filter.apply(sample) {  // non-finite: ignored
      if stream.sampleCount == 0 { origin = sample.point }
      stream.push(PerfectFreehandInput(sample, origin: origin))
      stream.writeStable(origin: origin, into: &output.stable)
    }
    stream.writeTail(origin: origin, into: &output.tentative)
  }

  public mutating func complete(into output: inout StrokeOutput) {
    stream.finish()
    stream.writeTail(origin: origin, into: &output.stable)
    filter.reset()
  }

  /// The outline of `samples` (canvas px) as this strategy builds it: every final part in
  /// push order, then the tail after the finish.
  public static func outline(_ samples: [Sample], options: PerfectFreehandOptions)
    -> PerfectFreehandOutline
  {
    var stream = PerfectFreehandIncrementalEngine(options: options)
    var out = PerfectFreehandOutline()
    var origin = Point.zero
    for sample in samples where sample.point.isFinite {
      if stream.sampleCount == 0 { origin = sample.point }
      stream.push(PerfectFreehandInput(sample, origin: origin))
      out.left += stream.newLeft
      out.right += stream.newRight
      out.startCap += stream.newStartCap
      out.centre += stream.newCentre
    }
    stream.finish()
    let tail = stream.tail
    out.left += tail.left
    out.right += tail.right
    out.startCap += tail.startCap
    out.endCap = tail.endCap
    out.dot = tail.dot
    out.centre += tail.centre
    func move(_ a: inout [Point]) { a = a.map { $0 + origin } }
    move(&out.left)
    move(&out.right)
    move(&out.startCap)
    move(&out.endCap)
    move(&out.dot)
    out.centre = out.centre.map { WeightedPoint($0.point + origin, width: $0.width) }
    return out
  }
}
