/// What a drawing's ink was compared with for accuracy.
///
/// - `truth`: the drawing's `GroundTruth` (the dense true centreline), for every stroke;
/// - `inputPolyline`: the polyline through the stroke's own samples (no truth stored), so the
///   figure measures how far the ink strays from its input, not from the true motion;
/// - `mixed`: some strokes (or, aggregated, some drawings) against truth and some against the
///   input polyline.
public enum AccuracyReference: String, Codable, Hashable, Sendable, CaseIterable,
  CustomStringConvertible
{
  case truth
  case inputPolyline = "input-polyline"
  case mixed

  /// The name as written in files and shown to people (`input-polyline`).
  public var description: String { rawValue }

  /// The reference of several parts together: their common one, or `mixed`; `nil` when none
  /// has one.
  public static func combining(_ parts: some Sequence<AccuracyReference?>) -> AccuracyReference? {
    var result: AccuracyReference?
    for case let r? in parts {
      guard let current = result else {
        result = r
        continue
      }
      if current != r { result = .mixed }
    }
    return result
  }
}
