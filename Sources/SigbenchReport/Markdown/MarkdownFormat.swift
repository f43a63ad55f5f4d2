import Foundation
import SigbenchResults

/// Number formatting shared by the Markdown summaries.
enum MarkdownFormat {
  /// Nanoseconds with a unit that keeps three significant figures (`42.1 ns`, `3.20 µs`).
  static func ns(_ v: Double?) -> String {
    guard let v, v.isFinite else { return "unavailable" }
    if v < 1_000 { return String(format: v < 10 ? "%.2f ns" : "%.1f ns", v) }
    if v < 1_000_000 { return String(format: "%.2f µs", v / 1_000) }
    return String(format: "%.2f ms", v / 1_000_000)
  }

  /// A change in nanoseconds with its sign, to 0.01 ns (`+22.40 ns`, `-0.15 ns`, `0.00 ns`).
  static func signedNs(_ v: Double) -> String {
    guard v.isFinite else { return "unavailable" }
    let r = (v * 100).rounded() / 100
    return r == 0 ? "0.00 ns" : String(format: "%+.2f ns", r)
  }

  static func ratio(_ v: Double?) -> String {
    guard let v, v.isFinite else { return "–" }
    return String(format: "%.3f", v)
  }

  static func p(_ v: Double?) -> String {
    guard let v else { return "–" }
    return v < 0.001 ? String(format: "%.1e", v) : String(format: "%.3f", v)
  }

  static func count(_ v: Double?) -> String {
    guard let v, v.isFinite else { return "unavailable" }
    return v == v.rounded() && abs(v) < 1e12 ? String(Int(v)) : String(format: "%.2f", v)
  }

  /// A table cell: pipes escaped.
  static func cell(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|") }
}
