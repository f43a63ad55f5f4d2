import SigbenchResults

/// `metrics.html`: every quality metric defined once — name, unit, which way is better, what it
/// means and the exact definition — from `QualityMetric.catalog`. The sheet links here.
public enum MetricsPage {
  public static func render() -> String {
    var h = PageHead.render(title: "sigbench quality metrics", style: IndexPage.stylesheet)
    h +=
      "<h1>Quality metrics</h1>\n<p><a href=\"index.html\">Back to the sheet</a>"
    h += "</p>\n"
    for group in QualityMetric.Group.allCases {
      let metrics = QualityMetric.catalog.filter { $0.group == group }
      guard !metrics.isEmpty else { continue }
      h += "<h2>\(escapeHTML(group.rawValue.capitalized))</h2>\n<dl>\n"
      for m in metrics {
        h += "<dt id=\"\(QualityFormat.anchor(m))\"><strong>\(escapeHTML(m.name))</strong> "
        h += "<code>\(escapeHTML(m.id))</code>"
        if !m.unit.isEmpty { h += " — \(escapeHTML(m.unit))" }
        h += " — \(escapeHTML(direction(m.direction)))</dt>\n"
        h += "<dd><p>\(escapeHTML(m.meaning))</p><p>\(escapeHTML(m.definition))</p></dd>\n"
      }
      h += "</dl>\n"
    }
    return h + "</body>\n</html>\n"
  }

  static func direction(_ d: QualityMetric.Direction) -> String {
    switch d {
    case .lowerIsBetter: return "lower is better"
    case .higherIsBetter: return "higher is better"
    case .closerToOne: return "closer to 1 is better"
    case .neutral: return "a property of the design, not ranked"
    }
  }
}
