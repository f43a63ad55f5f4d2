import SigbenchResults

/// Charts as inline SVG, written by hand: axes with ticks, labels and units, line series with
/// distinct colours AND dash patterns AND marker shapes (colour is never the only carrier),
/// horizontal reference lines (latency budgets), box plots, and a legend. The charts need no
/// script; the page's script (`PageScript`) only adds hiding a series by clicking its key.
public struct SVGChart: Sendable {
  /// One line series.
  public struct Series: Sendable {
    public var name: String
    public var points: [(x: Double, y: Double)]
    public init(name: String, points: [(x: Double, y: Double)]) {
      self.name = name
      self.points = points
    }
  }

  /// A labelled horizontal line across the plot (e.g. "240 Hz period 4.17 ms").
  public struct Reference: Sendable {
    public var value: Double
    public var label: String
    public init(value: Double, label: String) {
      self.value = value
      self.label = label
    }
  }

  /// Five numbers of one box: whisker low, box low, median, box high, whisker high.
  public struct Box: Sendable {
    public var name: String
    public var whiskerLow: Double
    public var low: Double
    public var median: Double
    public var high: Double
    public var whiskerHigh: Double
    public init(
      name: String, whiskerLow: Double, low: Double, median: Double, high: Double,
      whiskerHigh: Double
    ) {
      self.name = name
      self.whiskerLow = whiskerLow
      self.low = low
      self.median = median
      self.high = high
      self.whiskerHigh = whiskerHigh
    }
  }

  public var title: String
  public var width = 640.0
  public var height = 320.0
  public var x: ChartAxis
  public var y: ChartAxis
  public var formatX: @Sendable (Double) -> String
  public var formatY: @Sendable (Double) -> String

  let left = 78.0
  /// Space right of the plot: 16 px, or the legend's width (`reserveLegend`).
  var right = 16.0
  let top = 30.0
  /// Space below the plot: tick labels and the axis title; more for slanted box labels.
  var bottom = 48.0

  public init(
    title: String, x: ChartAxis, y: ChartAxis,
    formatX: @escaping @Sendable (Double) -> String = { format($0, digits: 0) },
    formatY: @escaping @Sendable (Double) -> String = { format($0, digits: 0) }
  ) {
    self.title = title
    self.x = x
    self.y = y
    self.formatX = formatX
    self.formatY = formatY
  }

  /// Twenty distinct colours, so no colour repeats within a chart of up to twenty series;
  /// dashes (8) and markers (4) cycle beside them, so series also differ in two more ways.
  static let colours = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2",
    "#7f7f7f", "#bcbd22", "#393b79", "#ad494a", "#637939", "#8c6d31", "#843c39", "#7b4173",
    "#3182bd", "#e6550d", "#31a354", "#756bb1",
  ]
  static let dashes = ["", "6 3", "2 3", "8 3 2 3", "4 4", "1 2", "10 4", "3 2 1 2"]

  var plotWidth: Double { width - left - right }
  var plotHeight: Double { height - top - bottom }
  func px(_ v: Double) -> Double { left + x.fraction(v) * plotWidth }
  func py(_ v: Double) -> Double { top + (1 - y.fraction(v)) * plotHeight }

  /// A line chart with optional reference lines; references outside the y range are omitted.
  /// The legend sits right of the plot (the chart grows by its width), never over it.
  public func lines(_ series: [Series], references: [Reference] = []) -> String {
    var c = self
    c.reserveLegend(series.map(\.name))
    return c.drawLines(series, references: references)
  }

  func drawLines(_ series: [Series], references: [Reference]) -> String {
    var s = open()
    s += axes(xTicks: x.ticks(format: formatX))
    s += referenceLines(references)
    for (i, serie) in series.enumerated() {
      let c = SVGChart.colours[i % SVGChart.colours.count]
      let d = SVGChart.dashes[i % SVGChart.dashes.count]
      let pts = serie.points.filter { $0.x.isFinite && $0.y.isFinite }
      guard !pts.isEmpty else { continue }
      let path = pts.map { "\(num(px($0.x))),\(num(py($0.y)))" }.joined(separator: " ")
      s += "<g class=\"series\" data-series=\"\(i)\">\n"
      s += "<polyline fill=\"none\" stroke=\"\(c)\" stroke-width=\"1.8\""
      if !d.isEmpty { s += " stroke-dasharray=\"\(d)\"" }
      s += " points=\"\(path)\"><title>\(escapeHTML(serie.name))</title></polyline>\n"
      for p in pts { s += marker(i, px(p.x), py(p.y), c) }
      s += "</g>\n"
    }
    s += legend(series.map(\.name))
    return s + "</svg>\n"
  }

  /// Box plots, one per category along the x axis (the x axis is ignored; y is used). Names
  /// that do not fit their slot are written downwards, and the space below the plot grows to
  /// hold them.
  public func boxes(_ boxes: [Box], references: [Reference] = []) -> String {
    var c = self
    let slot = c.plotWidth / Double(max(1, boxes.count))
    let longest = boxes.map { SVGChart.textWidth(String($0.name.prefix(28)), size: 11) }.max() ?? 0
    let slant = longest > slot - 4
    if slant {
      c.bottom = 30 + longest
      c.height += c.bottom - bottom
    }
    return c.drawBoxes(boxes, references: references, slant: slant)
  }

  func drawBoxes(_ boxes: [Box], references: [Reference], slant: Bool) -> String {
    var s = open()
    s += axes(xTicks: [])
    s += referenceLines(references)
    let n = Double(max(1, boxes.count))
    let slot = plotWidth / n
    for (i, b) in boxes.enumerated() {
      let c = SVGChart.colours[i % SVGChart.colours.count]
      let cx = left + slot * (Double(i) + 0.5)
      let w = min(40, slot * 0.5)
      s += "<g><title>\(escapeHTML(b.name)): median \(escapeHTML(formatY(b.median))), box "
      s += "\(escapeHTML(formatY(b.low)))–\(escapeHTML(formatY(b.high))), whiskers "
      s += "\(escapeHTML(formatY(b.whiskerLow)))–\(escapeHTML(formatY(b.whiskerHigh)))</title>\n"
      s += "<line x1=\"\(num(cx))\" x2=\"\(num(cx))\" y1=\"\(num(py(b.whiskerLow)))\" "
      s += "y2=\"\(num(py(b.whiskerHigh)))\" stroke=\"#444\"/>\n"
      s += "<rect x=\"\(num(cx - w / 2))\" y=\"\(num(py(b.high)))\" width=\"\(num(w))\" "
      s += "height=\"\(num(max(1, py(b.low) - py(b.high))))\" fill=\"\(c)\" fill-opacity=\"0.35\" "
      s += "stroke=\"\(c)\"/>\n"
      s += "<line x1=\"\(num(cx - w / 2))\" x2=\"\(num(cx + w / 2))\" y1=\"\(num(py(b.median)))\" "
      s += "y2=\"\(num(py(b.median)))\" stroke=\"#000\" stroke-width=\"2\"/>\n</g>\n"
      let name = escapeHTML(String(b.name.prefix(28)))
      if slant {
        let y0 = top + plotHeight + 10
        s += "<text x=\"\(num(cx + 4))\" y=\"\(num(y0))\" text-anchor=\"end\" font-size=\"11\" "
        s += "transform=\"rotate(-90 \(num(cx + 4)) \(num(y0)))\">\(name)</text>\n"
      } else {
        s += "<text x=\"\(num(cx))\" y=\"\(num(top + plotHeight + 16))\" text-anchor=\"middle\" "
        s += "font-size=\"11\">\(name)</text>\n"
      }
    }
    return s + "</svg>\n"
  }

  func open() -> String {
    var s = "<svg class=\"chart\" role=\"img\" "
    s += "viewBox=\"0 0 \(num(width)) \(num(height))\" width=\"\(num(width))\" "
    s += "height=\"\(num(height))\" font-family=\"sans-serif\">\n"
    s += "<title>\(escapeHTML(title))</title>\n"
    s += "<rect x=\"0\" y=\"0\" width=\"\(num(width))\" height=\"\(num(height))\" fill=\"#fff\"/>\n"
    for (k, line) in titleLines().enumerated() {
      let size = titleLines().count > 1 ? 11.0 : 13.0
      s += "<text x=\"\(num(width / 2))\" y=\"\(num(k == 0 ? (size > 12 ? 18 : 12) : 25))\" "
      s += "text-anchor=\"middle\" font-size=\"\(num(size))\" font-weight=\"bold\">"
      s += "\(escapeHTML(line))</text>\n"
    }
    return s
  }

  func axes(xTicks: [(value: Double, label: String)]) -> String {
    var s = "<g class=\"axes\" font-size=\"10\" fill=\"#333\">\n"
    s += "<rect x=\"\(num(left))\" y=\"\(num(top))\" width=\"\(num(plotWidth))\" "
    s += "height=\"\(num(plotHeight))\" fill=\"none\" stroke=\"#888\"/>\n"
    for t in y.ticks(format: formatY) {
      let yy = py(t.value)
      s += "<line x1=\"\(num(left))\" x2=\"\(num(left + plotWidth))\" y1=\"\(num(yy))\" "
      s += "y2=\"\(num(yy))\" stroke=\"#eee\"/>\n"
      s += "<text x=\"\(num(left - 4))\" y=\"\(num(yy + 3))\" text-anchor=\"end\">"
      s += "\(escapeHTML(t.label))</text>\n"
    }
    for t in xTicks {
      let xx = px(t.value)
      s += "<line x1=\"\(num(xx))\" x2=\"\(num(xx))\" y1=\"\(num(top))\" "
      s += "y2=\"\(num(top + plotHeight))\" stroke=\"#eee\"/>\n"
      s += "<text x=\"\(num(xx))\" y=\"\(num(top + plotHeight + 14))\" text-anchor=\"middle\">"
      s += "\(escapeHTML(t.label))</text>\n"
    }
    if !xTicks.isEmpty {
      s += "<text x=\"\(num(left + plotWidth / 2))\" y=\"\(num(height - 8))\" "
      s += "text-anchor=\"middle\" font-size=\"11\">\(escapeHTML(x.title))</text>\n"
    }
    s += "<text transform=\"translate(14 \(num(top + plotHeight / 2))) rotate(-90)\" "
    s += "text-anchor=\"middle\" font-size=\"11\">\(escapeHTML(y.title))</text>\n"
    return s + "</g>\n"
  }

  func referenceLines(_ refs: [Reference]) -> String {
    var s = ""
    for r in refs where r.value >= y.low && r.value <= y.high {
      let yy = py(r.value)
      s += "<line class=\"budget\" x1=\"\(num(left))\" x2=\"\(num(left + plotWidth))\" "
      s += "y1=\"\(num(yy))\" y2=\"\(num(yy))\" stroke=\"#b00\" stroke-dasharray=\"5 3\"/>\n"
      s += "<text x=\"\(num(left + plotWidth - 4))\" y=\"\(num(yy - 3))\" text-anchor=\"end\" "
      s += "font-size=\"10\" fill=\"#b00\">\(escapeHTML(r.label))</text>\n"
    }
    return s
  }

  func marker(_ i: Int, _ x: Double, _ y: Double, _ c: String) -> String {
    switch i % 4 {
    case 0: return "<circle cx=\"\(num(x))\" cy=\"\(num(y))\" r=\"2.5\" fill=\"\(c)\"/>\n"
    case 1:
      return
        "<rect x=\"\(num(x - 2.5))\" y=\"\(num(y - 2.5))\" width=\"5\" height=\"5\" fill=\"\(c)\"/>\n"
    case 2:
      return "<path d=\"M\(num(x)) \(num(y - 3))L\(num(x + 3)) \(num(y + 2.5))L\(num(x - 3)) "
        + "\(num(y + 2.5))Z\" fill=\"\(c)\"/>\n"
    default:
      return "<path d=\"M\(num(x - 3)) \(num(y - 3))L\(num(x + 3)) \(num(y + 3))M\(num(x + 3)) "
        + "\(num(y - 3))L\(num(x - 3)) \(num(y + 3))\" stroke=\"\(c)\" stroke-width=\"1.5\"/>\n"
    }
  }

  /// Widens the chart so the legend of `names` fits right of the plot.
  mutating func reserveLegend(_ names: [String]) {
    guard !names.isEmpty else { return }
    let needed = 48 + (names.map { SVGChart.textWidth($0, size: 10) }.max() ?? 0)
    width += needed - right
    right = needed
  }

  /// The legend, right of the plot (in the space `reserveLegend` made). Each key is a
  /// `g.key` whose `data-series` names the `g.series` it stands for, so the page's script
  /// (`PageScript`) hides or shows a series when its key is clicked.
  func legend(_ names: [String]) -> String {
    var s = "<g class=\"legend\" font-size=\"10\">\n"
    var yy = top + 10
    for (i, name) in names.enumerated() {
      let c = SVGChart.colours[i % SVGChart.colours.count]
      let d = SVGChart.dashes[i % SVGChart.dashes.count]
      let x0 = left + plotWidth + 10
      s += "<g class=\"key\" data-series=\"\(i)\">"
      s += "<line x1=\"\(num(x0))\" x2=\"\(num(x0 + 22))\" y1=\"\(num(yy))\" y2=\"\(num(yy))\" "
      s += "stroke=\"\(c)\" stroke-width=\"1.8\"" + (d.isEmpty ? "" : " stroke-dasharray=\"\(d)\"")
      s += "/>\n" + marker(i, x0 + 11, yy, c)
      s += "<text x=\"\(num(x0 + 28))\" y=\"\(num(yy + 3))\">\(escapeHTML(name))</text></g>\n"
      yy += 13
    }
    return s + "</g>\n"
  }

  func num(_ v: Double) -> String { format(v, digits: 1) }

  /// An estimate of the width of `text` in sans-serif at `size` px (0.6 em a character: wide
  /// enough for the digits and lower-case letters these charts write).
  static func textWidth(_ text: String, size: Double) -> Double {
    Double(text.count) * size * 0.6
  }

  /// The title in one line at 13 px when it fits the chart's width, else in two lines at 11 px
  /// split at a space, the second shortened with "…" if it still does not fit (the full title
  /// stays in the SVG's `<title>`).
  func titleLines() -> [String] {
    let room = width - 8
    // Bold text runs about a tenth wider than the estimate.
    if SVGChart.textWidth(title, size: 13) * 1.1 <= room { return [title] }
    let words = title.split(separator: " ").map(String.init)
    var first = ""
    var rest = words[...]
    while let w = rest.first,
      SVGChart.textWidth(first.isEmpty ? w : first + " " + w, size: 11) * 1.1 <= room
    {
      first = first.isEmpty ? w : first + " " + w
      rest = rest.dropFirst()
    }
    let fits = Int(room / (11 * 0.6 * 1.1))
    if first.isEmpty { first = String(title.prefix(fits)) }
    var second = rest.joined(separator: " ")
    if second.count > fits { second = String(second.prefix(max(0, fits - 1))) + "…" }
    return second.isEmpty ? [first] : [first, second]
  }
}
