import SigbenchResults

/// The sheet's line on strategies another Swift package compiled into the binary that ran:
/// which package added which strategies, so no reader takes them for sigbench's own.
public enum PackageStrategiesSection {
  /// The section; empty when no strategy of the run was added by a package.
  public static func render(_ r: RunResult) -> String {
    var byPackage: [String: [String]] = [:]
    for s in r.strategies { if let p = s.package { byPackage[p, default: []].append(s.label) } }
    guard !byPackage.isEmpty else { return "" }
    var h = "<section id=\"package-strategies\">\n<h2>Strategies added by a Swift package</h2>\n"
    for (package, labels) in byPackage.sorted(by: { $0.key < $1.key }) {
      h += "<p>Swift package <code>\(escapeHTML(package))</code> compiled "
      h += labels.map { "<code>\(escapeHTML($0))</code>" }.joined(separator: ", ")
      h += " into the binary that ran. They were replayed, drawn, measured, timed in both "
      h += "lanes and counted exactly like sigbench's own strategies; the build recorded with "
      h += "this run is sigbench's, not the package's.</p>\n"
    }
    return h + "</section>\n"
  }
}
