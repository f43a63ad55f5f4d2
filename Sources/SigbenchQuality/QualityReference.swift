import SigbenchCore

/// What every strategy's figures on one drawing are measured against, prepared once per
/// drawing instead of once per strategy: the pressure finding, and per stroke its reference
/// (ground truth when it exists and is not empty, else the polyline through the samples) as
/// a measured path, its grid, its measurement points and its true corners.
///
/// Nothing here depends on a strategy, so measuring k strategies against one prepared
/// reference gives exactly the figures of measuring each against its own, for 1/k of the
/// reference's cost (the fixed per-drawing work of a run with many strategies).
public struct QualityReference: Sendable {
  /// The drawing the reference belongs to.
  public let drawing: Drawing
  let pressure: PressureCredibility
  /// One entry per ink stroke, `nil` for a stroke without samples.
  let strokes: [StrokeReference?]

  /// One stroke's reference.
  struct StrokeReference: Sendable {
    /// True when it is the ground truth, false for the input polyline.
    let isTruth: Bool
    /// The path, its grid and measurement points (`CurveAccuracy`).
    let accuracy: CurveAccuracy.Reference
    let corners: TrueCorners

    init(_ polyline: [Point], isTruth: Bool) {
      self.isTruth = isTruth
      let path = MeasuredPath(polyline: polyline)
      accuracy = CurveAccuracy.Reference(path)
      corners = TrueCorners(path)
    }
  }

  /// Prepares `drawing`'s references (see the type's comment).
  ///
  /// - Complexity: O(r + L) for r reference vertices and L their length, plus O(n) for the
  ///   pressure finding over n samples.
  public init(_ drawing: Drawing) {
    self.drawing = drawing
    pressure = PressureCredibility.assess(drawing)
    let truth = drawing.groundTruth?.strokes ?? []
    strokes = drawing.strokes.enumerated().map { i, stroke in
      guard !stroke.samples.isEmpty else { return nil }
      if i < truth.count, !truth[i].isEmpty { return StrokeReference(truth[i], isTruth: true) }
      return StrokeReference(stroke.samples.map(\.point), isTruth: false)
    }
  }
}
