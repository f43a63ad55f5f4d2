import SigbenchCore

/// signature_pad as shipped in version 5.1.3 (szimek/signature_pad): velocity-width cubic
/// Béziers drawn as stamped circles, with the library's handle order and its missing last
/// segment.
///
/// Pipeline (`SignaturePadEngine` has the details and the event-time model):
/// - throttle (signature_pad 5.1.3, `throttle`): move samples less than `throttle` ms after
///   the last processed one are held; the newest held one is processed when the period ends,
///   carrying that moment as its time, or at pen-up. Pen-down (the first sample) and pen-up
///   (`finish`, at the newest sample) are not throttled. Untimed samples are never held.
/// - distance filter (`SignaturePad._strokeUpdate`): a point within `min-distance`
///   (inclusive) of the last kept one is dropped, so even 0 drops exact repeats.
/// - window (`SignaturePad._addPoint`, `Bezier.fromPoints`): the first kept point is stamped
///   as a dot of radius `dot-size` (or (min-width + max-width)/2 when 0); when the third point
///   is kept the first is duplicated, and from then on each kept point makes the curve of the
///   segment before the previous point (one point of look-ahead).
/// - handles (`Bezier.calculateControlPoints`): the tangent at a point is parallel to the
///   chord between its neighbours, each handle a share of it proportional to its chord.
///   **Handle-order quirk, kept:** `Bezier`'s constructor takes the controls as (control2,
///   control1) while `fromPoints` passes them in curve order, so the curve is evaluated as
///   start, handle entering the end, handle leaving the start, end. The curve still passes
///   through every kept point, but its tangents at the joins disagree (kinks).
/// - width (`SignaturePad._calculateCurveWidths`, `_strokeWidth`): speed in px/ms filtered
///   with `velocity-filter-weight`; radius `max(max-width / (v + 1), min-width)`; a curve goes
///   from the previous curve's radius to the new one. Untimed input has speed 0, so its radii
///   settle at `max-width`.
/// - drawing (`SignaturePad._drawCurve`, `Bezier.length`): 2·⌈L⌉ stamps for the 10-chord
///   length estimate L, at t = i/n, radius following a t³ ramp, capped at `max-width`.
/// - **the last segment is never drawn**: pen-up adds its point, but no curve is made for the
///   segment that ends there (so the ink stops one kept point short of the pen-up position,
///   and a stroke of two kept points shows only the dot).
///
/// Geometry: one `CenterlineSegment` per curve, with the controls in evaluation order (the
/// drawn curve) and full widths (2 × the end radii), for the metrics and vector export; the
/// fill is one `Disc` per stamp, exactly the circles signature_pad fills (each of its stamp
/// subpaths, a move to the centre and a full arc, encloses exactly that disc). The dot is one
/// `Disc`; a curve's stamps are kept as one `StampRun` (the curve, its two radii, the cap and
/// the stamp count, 112 bytes) and written out as discs, the same numbers bit for bit, by
/// whoever draws, exports or measures the ink (`InkGeometry.filledDiscs`). Discs render
/// faithfully, including any scalloping or gap between stamps where the quirky
/// parametrisation runs fast, and stay compact: 2 per px of curve, 3 numbers each, about 5.5
/// per curve (5.5 per sample) on a dense 120 Hz signature, where a round outline band needs
/// 19 path elements per piece and still could not show the t³ ramp or the gaps; circles are
/// never flattened into polygons.
///
/// Latency: a curve is stable when the point after its end is kept; `tentative` is only the
/// curve that pen-up would still add when the throttle holds the newest sample.
///
/// - Complexity: O(1) state and O(1) work per sample: each curve it completes is one
///   centreline segment and one stamp run (its stamps, about 2 per px, are written out where
///   the ink is drawn); no allocation besides the caller's geometry arrays.
public struct SignaturePad: SmoothingStrategy {
  public typealias Settings = SignaturePadSettings

  public static let descriptor = StrategyDescriptor(
    id: "signature-pad",
    summary:
      "signature_pad 5.1.3 as shipped: velocity-width stamped Béziers, last segment missing.",
    details:
      "szimek/signature_pad 5.1.3 (SignaturePad, Bezier, throttle). Throttle and min-distance"
      + " on event time; one kept point of look-ahead; handles in the library's swapped order"
      + " (kinks at joins); the last segment is never drawn. Fill: one disc per stamp.",
    parameters: SignaturePadSettings.parameters)

  public static func settings(from configuration: StrategyConfiguration) throws -> Settings {
    try SignaturePadSettings(configuration)
  }

  private var engine: SignaturePadEngine

  public init(settings: Settings) {
    engine = SignaturePadEngine(settings: settings, variant: .asShipped)
  }

  public mutating func process(_ sample: Sample, into output: inout StrokeOutput) {
    engine.push(sample, into: &output)
  }

  public mutating func complete(into output: inout StrokeOutput) {
    engine.finish(into: &output)
  }
}
