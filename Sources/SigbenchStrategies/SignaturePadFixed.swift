import SigbenchCore

/// signature_pad 5.1.3 with its two shipped defects repaired, beside `signature-pad` so its
/// users can see what the shipped behaviour costs them: everything else (throttle, distance
/// filter, first-point duplication, speed-filtered radii, stamped circles, options and
/// defaults) is identical.
///
/// - Handle order: textbook (start, handle leaving the start, handle entering the end, end),
///   where signature_pad 5.1.3's `Bezier` evaluates the two handles swapped. Both handles of a
///   kept point lie on one line through it (parallel to the chord between its neighbours), so
///   consecutive curves now join with a continuous tangent (no kink).
/// - Last segment: drawn at `finish`, with the final point repeated as its look-ahead (the
///   end point duplicated, mirroring the library's own first-point duplication): the handle entering the end is the midpoint of the last chord, and the
///   radius comes from the usual speed filter. The ink therefore ends at the last kept point:
///   the pen-up position, or within `min-distance` of it when the filter drops that; a stroke
///   of two kept points is a straight curve between them.
///
/// While the pen is down, `tentative` is that last segment (plus the curve of a sample the
/// throttle holds), replaced on every push. Geometry is as in `signature-pad`: one centreline
/// segment per curve (full widths) and one `Disc` per stamp, a curve's stamps kept as one
/// `StampRun` (see its documentation for why).
///
/// - Complexity: O(1) state and O(1) work per sample: the completed curve and the tentative
///   tail are each one centreline segment and one stamp run (their stamps, about 2 per px, are
///   written out where the ink is drawn); no allocation besides the caller's geometry arrays.
public struct SignaturePadFixed: SmoothingStrategy {
  public typealias Settings = SignaturePadSettings

  public static let descriptor = StrategyDescriptor(
    id: "signature-pad-fixed",
    summary: "signature_pad 5.1.3 with textbook handle order and the last segment drawn.",
    details:
      "szimek/signature_pad 5.1.3 as in signature-pad, repaired: handles in curve order"
      + " (smooth joins) and the last segment drawn at pen-up (final point repeated). The"
      + " newest segment is tentative until the next kept point.",
    parameters: SignaturePadSettings.parameters)

  public static func settings(from configuration: StrategyConfiguration) throws -> Settings {
    try SignaturePadSettings(configuration)
  }

  private var engine: SignaturePadEngine

  public init(settings: Settings) {
    engine = SignaturePadEngine(settings: settings, variant: .fixed)
  }

  public mutating func process(_ sample: Sample, into output: inout StrokeOutput) {
    engine.push(sample, into: &output)
  }

  public mutating func complete(into output: inout StrokeOutput) {
    engine.finish(into: &output)
  }
}
