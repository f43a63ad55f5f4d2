import SigbenchCore

/// Distance between a stroke's ink and its reference, in both directions, so that ink that
/// strays and reference that the ink never covers (a missing end) both count.
///
/// - ink → reference: the ink's centreline is sampled every `QualityConstants
///   .measurementSpacing` (1) px of arc length, ends included, each point placed on its
///   cubic; each point's distance to the nearest point of the reference polyline.
/// - reference → ink: the reference polyline (ground truth, or the polyline through the
///   samples) sampled the same way; each point's distance to the nearest point of the
///   centreline flattened within `QualityConstants.flatteningTolerance` (0.005) px.
/// - A dot (no centreline) stands as its disc centres on both sides.
///
/// Every point stands for the same arc length, so a mean over them is a mean per unit length.
/// Distances in CSS px. Nearest points come from `SegmentGrid`, which gives the same answer as
/// comparing every point with every edge.
public enum CurveAccuracy {
  /// Distances from the ink to the reference and from the reference to the ink, one per
  /// measurement point, px. Either list is empty when its side has nothing to measure.
  ///
  /// - Complexity: O(c + r + L) expected, for c chords of the ink, r reference
  ///   vertices and L the two curves' length.
  public static func distances(ink: InkGeometry, reference: [Point]) -> (
    inkToReference: [Double], referenceToInk: [Double]
  ) {
    distances(ink: InkShape(ink), reference: MeasuredPath(polyline: reference))
  }

  /// The ink's measurement points (see the type's comment), px.
  public static func inkPoints(_ ink: InkGeometry) -> [Point] {
    InkShape(ink).points(every: QualityConstants.measurementSpacing)
  }

  /// The flattened centreline the reference is measured against (vertices), px; the disc
  /// centres when there is no centreline.
  public static func inkPolyline(_ ink: InkGeometry) -> [Point] {
    let shape = InkShape(ink)
    return shape.path.isEmpty ? shape.discCenters : shape.path.points
  }

  /// The reference's measurement points (see the type's comment), px.
  public static func referencePoints(_ reference: [Point]) -> [Point] {
    MeasuredPath(polyline: reference).resampled(every: QualityConstants.measurementSpacing)
  }

  /// A reference prepared once for measuring any number of inks against it (every strategy
  /// on one drawing): the polyline as a measured path, its nearest-edge grid and its
  /// measurement points. Measuring against it gives exactly the distances of
  /// `distances(ink:reference:)` with the polyline itself.
  public struct Reference: Sendable {
    let path: MeasuredPath
    let grid: SegmentGrid
    /// `path` every `QualityConstants.measurementSpacing` px.
    let points: [Point]

    /// Prepares `polyline` (consecutive duplicates and non-finite points dropped).
    ///
    /// - Complexity: O(r + L) for r vertices and length L.
    public init(_ polyline: [Point]) {
      self.init(MeasuredPath(polyline: polyline))
    }

    init(_ path: MeasuredPath) {
      self.path = path
      grid = SegmentGrid(path: path)
      points = path.resampled(every: QualityConstants.measurementSpacing)
    }
  }

  /// `distances(ink:reference:)` against a prepared reference.
  ///
  /// - Complexity: O(c + L) expected, for c chords of the ink and L the two curves' length.
  public static func distances(ink: InkGeometry, reference: Reference) -> (
    inkToReference: [Double], referenceToInk: [Double]
  ) {
    distances(ink: InkShape(ink), reference: reference)
  }

  /// `distances` on a prepared ink and a prepared reference.
  static func distances(ink: InkShape, reference: Reference) -> (
    inkToReference: [Double], referenceToInk: [Double]
  ) {
    guard !ink.isEmpty, !reference.path.isEmpty else { return ([], []) }
    let forward = reference.grid.distances(
      from: ink.points(every: QualityConstants.measurementSpacing))
    let backward = ink.grid.distances(from: reference.points)
    return (forward, backward)
  }

  /// `distances` on a prepared ink and a polyline reference.
  static func distances(ink: InkShape, reference: MeasuredPath) -> (
    inkToReference: [Double], referenceToInk: [Double]
  ) {
    guard !ink.isEmpty, !reference.isEmpty else { return ([], []) }
    return distances(ink: ink, reference: Reference(reference))
  }
}
