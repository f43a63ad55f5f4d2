/// UberSignature's constants (uber/UberSignature 1.0.3, `UBSignatureBezierProvider` and the
/// paint in `UBSignatureDrawingModel`), CSS px read for UIKit points (the internal unit treats
/// 1 pt as 1 CSS px, see `Point`).
public enum UberConstants {
  /// Distances at or above this give the minimum weight (`maxLengthRange`), px.
  public static let maxLengthRange = 50.0
  /// Weight lost per px of distance (`gradient`).
  public static let gradient = 0.1
  /// Minimum weight (`constant`), px.
  public static let minimumWeight = 2.0
  /// Weight of the first point of every stroke; also the dot radius
  /// (`kUBDotSignatureWeight`), px.
  public static let dotWeight = 3.0
  /// A new point closer than this (strict `<`) to the previous accepted one is dropped
  /// (`kUBTouchDistanceThreshold`), px.
  public static let touchDistanceThreshold = 2.0
  /// Width of the stroke painted over every fill (UIKit's default line width: miter joins,
  /// miter limit 10, butt caps), px.
  public static let paintStrokeWidth = 1.0

  /// Uber's weight function: `0.1 · max(0, 50 − d) + 2.0` for a gap of `distance` px.
  /// The result is a full width in [2, 7] px for any `distance` ≥ 0.
  @inlinable public static func weight(distance d: Double) -> Double {
    gradient * max(0, maxLengthRange - d) + minimumWeight
  }
}
