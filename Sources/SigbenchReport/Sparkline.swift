/// A word-sized line chart for a table cell: one series, no axes, its last value marked, and a
/// red dot at each detected step. The numbers it stands for are in the cells beside it.
enum Sparkline {
  static func svg(_ values: [Double], steps: [Int] = [], width: Double = 120, height: Double = 22)
    -> String
  {
    let v = values.filter(\.isFinite)
    guard let lo = v.min(), let hi = v.max(), !v.isEmpty else { return "–" }
    let span = hi > lo ? hi - lo : 1
    func x(_ i: Int) -> Double {
      v.count == 1 ? width / 2 : 2 + Double(i) * (width - 4) / Double(v.count - 1)
    }
    func y(_ value: Double) -> Double { height - 3 - (value - lo) / span * (height - 6) }
    let n = { (d: Double) in format(d, digits: 1) }
    var s = "<svg class=\"spark\" width=\"\(n(width))\" height=\"\(n(height))\" "
    s += "viewBox=\"0 0 \(n(width)) \(n(height))\" role=\"img\">"
    s += "<polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1.3\" points=\""
    s += v.indices.map { "\(n(x($0))),\(n(y(v[$0])))" }.joined(separator: " ") + "\"/>"
    for i in steps where i > 0 && i < v.count {
      s += "<circle cx=\"\(n(x(i)))\" cy=\"\(n(y(v[i])))\" r=\"2.2\" fill=\"#b00\"/>"
    }
    s +=
      "<circle cx=\"\(n(x(v.count - 1)))\" cy=\"\(n(y(v[v.count - 1])))\" r=\"2\" fill=\"#000\"/>"
    return s + "</svg>"
  }
}
