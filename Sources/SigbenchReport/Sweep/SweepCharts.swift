import Foundation
import SigbenchResults

/// The sweep section's charts: a metric against one swept option's value (a line, the
/// strategy's default drawn as a reference line), and a heat map over two swept options.
enum SweepCharts {
  /// `name`'s values as chart positions: the numbers themselves, or 0, 1, 2… for words.
  static func positions(_ values: [String]) -> (xs: [Double], label: @Sendable (Double) -> String) {
    let numbers = values.compactMap(Double.init)
    if numbers.count == values.count { return (numbers, { format($0, digits: $0 < 1 ? 3 : 2) }) }
    let words = values
    return (
      values.indices.map(Double.init),
      { v in
        let i = Int(v.rounded())
        return words.indices.contains(i) && abs(v - Double(i)) < 1e-9 ? words[i] : ""
      }
    )
  }

  /// A line of `points` (option value → metric value) titled `title`; `reference` is the
  /// default configuration's value.
  static func line(
    title: String, option: SweepRecord.Option, yTitle: String,
    points: [(value: String, y: Double?)], reference: Double?,
    formatY: @escaping @Sendable (Double) -> String
  ) -> String? {
    let (xs, label) = positions(points.map(\.value))
    let pairs = zip(xs, points.map(\.y)).compactMap { x, y in y.map { (x: x, y: $0) } }
    guard pairs.count >= 2 else { return nil }
    let ys = pairs.map(\.y) + (reference.map { [$0] } ?? [])
    let lo = ys.min()!
    let hi = ys.max()!
    let pad = max((hi - lo) * 0.1, abs(hi) * 0.01, 1e-9)
    let positive = xs.allSatisfy { $0 > 0 }
    let logX = positive && xs.max()! / xs.min()! >= 20
    var x = ChartAxis(
      scale: logX ? .log : .linear, low: xs.min()!, high: xs.max()!,
      title: "\(option.name) (default \(option.defaultValue))")
    // Words sit at whole positions 0, 1, 2…
    x.integer = option.values.contains { Double($0) == nil }
    var chart = SVGChart(
      title: title, x: x,
      y: ChartAxis(scale: .linear, low: lo - pad, high: hi + pad, title: yTitle),
      formatX: label, formatY: formatY)
    chart.width = 360
    chart.height = 230
    return chart.lines(
      [SVGChart.Series(name: yTitle, points: pairs)],
      references: reference.map { [SVGChart.Reference(value: $0, label: "default")] } ?? [])
  }

  /// A heat map of `value(row, column)` over two swept options: each cell's colour from its
  /// rank (best green, worst red; n/a grey), its value written in it, the cell of the
  /// options' defaults outlined.
  static func heatMap(
    title: String, rows: SweepRecord.Option, columns: SweepRecord.Option,
    value: (String, String) -> Double?, better: (Double, Double) -> Bool,
    text: (Double) -> String
  ) -> String {
    let cell = (w: 64.0, h: 24.0)
    let left = 96.0
    let top = 58.0
    // Wide enough for the title (about 7.5 px a character at 13 px, bold).
    let width = max(
      left + Double(columns.values.count) * cell.w + 12, Double(title.count) * 7.5 + 8)
    let height = top + Double(rows.values.count) * cell.h + 12
    var all: [Double] = []
    for r in rows.values { for c in columns.values { if let v = value(r, c) { all.append(v) } } }
    let ranked = all.sorted { better($0, $1) }
    func colour(_ v: Double?) -> String {
      guard let v, let i = ranked.firstIndex(of: v) else { return "#ddd" }
      let t = ranked.count > 1 ? Double(i) / Double(ranked.count - 1) : 0
      // Green (best) through yellow to red (worst), light enough for black text.
      let r = Int(150 + 105 * min(1, 2 * t))
      let g = Int(150 + 105 * min(1, 2 * (1 - t)))
      return String(format: "#%02x%02x96", r, g)
    }
    var s =
      "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"\(Int(width))\" "
    s += "height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" "
    s += "font-family=\"system-ui,sans-serif\"><title>\(escapeHTML(title))</title>\n"
    s +=
      "<text x=\"4\" y=\"16\" font-size=\"13\" font-weight=\"bold\">\(escapeHTML(title))</text>\n"
    s += "<text x=\"\(Int(left))\" y=\"34\" font-size=\"11\">\(escapeHTML(columns.name)) →</text>\n"
    s += "<text x=\"4\" y=\"50\" font-size=\"11\">\(escapeHTML(rows.name)) ↓</text>\n"
    for (j, c) in columns.values.enumerated() {
      s += "<text x=\"\(Int(left + (Double(j) + 0.5) * cell.w))\" y=\"50\" font-size=\"10\" "
      s += "text-anchor=\"middle\">\(escapeHTML(c))</text>\n"
    }
    for (i, r) in rows.values.enumerated() {
      let y = top + Double(i) * cell.h
      s += "<text x=\"\(Int(left - 6))\" y=\"\(Int(y + 16))\" font-size=\"10\" "
      s += "text-anchor=\"end\">\(escapeHTML(r))</text>\n"
      for (j, c) in columns.values.enumerated() {
        let x = left + Double(j) * cell.w
        let v = value(r, c)
        let isDefault = r == rows.defaultValue && c == columns.defaultValue
        s += "<rect x=\"\(Int(x))\" y=\"\(Int(y))\" width=\"\(Int(cell.w - 2))\" "
        s += "height=\"\(Int(cell.h - 2))\" fill=\"\(colour(v))\""
        s += isDefault ? " stroke=\"#000\" stroke-width=\"2\"" : ""
        s += "><title>\(escapeHTML("\(rows.name)=\(r), \(columns.name)=\(c)"))"
        s += "\(isDefault ? " (defaults)" : ""): \(v.map(text) ?? "n/a")</title></rect>\n"
        s += "<text x=\"\(Int(x + cell.w / 2 - 1))\" y=\"\(Int(y + 16))\" font-size=\"10\" "
        s += "text-anchor=\"middle\">\(escapeHTML(v.map(text) ?? "n/a"))</text>\n"
      }
    }
    return s + "</svg>\n"
  }
}
