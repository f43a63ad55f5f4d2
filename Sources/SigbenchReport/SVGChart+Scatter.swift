extension SVGChart {
  /// One labelled point of a scatter chart.
  public struct LabelledPoint: Sendable {
    public var label: String
    public var x: Double
    public var y: Double
    public init(label: String, x: Double, y: Double) {
      self.label = label
      self.x = x
      self.y = y
    }
  }

  /// A scatter chart whose points carry their labels beside them (no legend to look up), with
  /// the points at positions `front` joined by a dashed step line (a Pareto front, in x order).
  /// A label goes right of its point, or left when that overlaps a label already placed, or else
  /// a line lower or higher (up to six lines), always inside the plot; a point in a cluster too
  /// dense for that keeps its label as its tooltip only, so no two texts overlap.
  public func scatter(_ points: [LabelledPoint], front: [Int]) -> String {
    var s = open()
    s += axes(xTicks: x.ticks(format: formatX))
    let onFront = front.filter { points.indices.contains($0) }
      .sorted { points[$0].x < points[$1].x }
    if onFront.count > 1 {
      var path: [String] = []
      for (k, i) in onFront.enumerated() {
        let p = points[i]
        if k > 0 { path.append("\(num(px(p.x))),\(num(py(points[onFront[k - 1]].y)))") }
        path.append("\(num(px(p.x))),\(num(py(p.y)))")
      }
      s += "<polyline fill=\"none\" stroke=\"#555\" stroke-width=\"1.2\" stroke-dasharray=\"5 3\" "
      s += "points=\"\(path.joined(separator: " "))\"><title>Pareto front</title></polyline>\n"
    }
    var placed: [(x0: Double, y0: Double, x1: Double, y1: Double)] = []
    for (i, p) in points.enumerated() where p.x.isFinite && p.y.isFinite {
      let cx = px(p.x)
      let cy = py(p.y)
      let best = front.contains(i)
      s += "<circle cx=\"\(num(cx))\" cy=\"\(num(cy))\" r=\"\(best ? 4 : 3)\" "
      s += best ? "fill=\"#1f77b4\"" : "fill=\"#fff\" stroke=\"#777\" stroke-width=\"1.2\""
      s += "><title>\(escapeHTML(p.label)): \(escapeHTML(formatX(p.x))), "
      s += "\(escapeHTML(formatY(p.y)))</title></circle>\n"
      let w = Double(p.label.count) * 6.2
      // Right of the point, else left of it, else a line lower or higher at a time; always
      // inside the plot, so a label never lands on the axis's tick labels.
      func free(_ x0: Double, _ y: Double) -> Bool {
        x0 >= left && x0 + w <= left + plotWidth && y - 10 >= top && y + 2 <= top + plotHeight
          && !placed.contains { $0.x0 < x0 + w && x0 < $0.x1 && $0.y0 < y + 2 && y - 10 < $0.y1 }
      }
      let xs = [cx + 6, cx - 6 - w]
      let ys = [0.0, 12, -12, 24, -24, 36, -36, 48, -48, 60, -60, 72, -72].map { cy + 4 + $0 }
      var spot: (Double, Double)?
      search: for dy in ys {
        for x0 in xs where free(x0, dy) {
          spot = (x0, dy)
          break search
        }
      }
      // No room near the point (a cluster): the point keeps its label as a tooltip only.
      guard let (lx, ly) = spot else { continue }
      placed.append((lx, ly - 10, lx + w, ly + 2))
      s += "<text x=\"\(num(lx))\" y=\"\(num(ly))\" font-size=\"10\""
      s += best ? " font-weight=\"bold\">" : " fill=\"#555\">"
      s += "\(escapeHTML(p.label))</text>\n"
    }
    return s + "</svg>\n"
  }
}
