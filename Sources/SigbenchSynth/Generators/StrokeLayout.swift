import SigbenchCore

/// Places strokes one after another in time (each after a pen-up gap) and, at the end, moves
/// the whole drawing so its top-left corner sits at a margin.
struct StrokeLayout {
  /// A placed stroke and its coarse bounds (`LognormalStroke.roughBounds`).
  struct Placed {
    var stroke: LognormalStroke
    var bounds: Rect
  }

  private(set) var strokes: [Placed] = []

  /// Appends a stroke of `components` (onsets relative to any zero) with its pen-down at
  /// `origin`, `gap` seconds after the previous pen-up (the first stroke starts at time 0).
  mutating func append(_ components: [LognormalComponent], at origin: Point, gap: Double)
    -> Placed
  {
    let start = strokes.last.map { $0.stroke.end + gap } ?? 0
    let stroke = LognormalStroke(components: components, origin: origin).starting(at: start)
    let placed = Placed(stroke: stroke, bounds: stroke.roughBounds())
    strokes.append(placed)
    return placed
  }

  /// The strokes, moved so the drawing's coarse bounds start at (`margin`, `margin`) px.
  func placed(margin: Double) -> [LognormalStroke] {
    var all = strokes[0].bounds
    for s in strokes.dropFirst() { all = all.union(s.bounds) }
    let offset = Point(x: margin - all.minX, y: margin - all.minY)
    return strokes.map { $0.stroke.shifted(time: 0, by: offset) }
  }
}
