import SigbenchCore

/// One stroke's final ink prepared for measuring: its centreline flattened, and a grid over
/// it for nearest-point queries.
///
/// "The ink" of every metric is the centreline; a stroke whose centreline is empty (a dot)
/// stands as its disc centres. A stroke with neither drew nothing.
struct InkShape: Sendable {
  /// The centreline segments as drawn.
  let segments: [CenterlineSegment]
  /// The centreline flattened (empty when there is none).
  let path: MeasuredPath
  /// Disc centres, used only when there is no centreline.
  let discCenters: [Point]
  /// Edges of `path`, or the disc centres as points when there is no centreline.
  let grid: SegmentGrid

  /// - Complexity: O(c) for c chords of the flattened centreline.
  init(_ ink: InkGeometry) {
    segments = ink.centerline.array
    path = MeasuredPath(centerline: segments)
    discCenters = path.isEmpty ? ink.filledDiscs.map(\.center).filter(\.isFinite) : []
    grid = SegmentGrid(path: path, points: discCenters)
  }

  /// Nothing to measure: no centreline and no disc.
  var isEmpty: Bool { path.isEmpty && discCenters.isEmpty }

  /// The ink's measurement points: the centreline every `spacing` px of arc length (ends
  /// included, on the cubics), or the disc centres.
  func points(every spacing: Double) -> [Point] {
    path.isEmpty ? discCenters : path.resampled(every: spacing, on: segments)
  }

  /// Where the ink starts and ends: the first segment's start and the last segment's end, or
  /// the first and last disc centre.
  var ends: (start: Point, end: Point)? {
    if let first = segments.first, let last = segments.last { return (first.start, last.end) }
    if let first = discCenters.first, let last = discCenters.last { return (first, last) }
    return nil
  }
}
