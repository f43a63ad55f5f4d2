import Foundation

/// What one timed step includes.
///
/// - `smooth`: the strategy's `push` only (plus the opaque sink that keeps its output alive).
/// - `smooth+raster`: `push`, then `IncrementalCanvas.apply` of the output: what a capture
///   view does for every incoming point (persistent stable mask, fresh tentative tail).
public enum BenchLane: String, Codable, Hashable, Sendable, CaseIterable {
  case smooth = "smooth"
  case smoothRaster = "smooth+raster"

  /// Parses a comma-separated lane list (`smooth,smooth+raster`); throws on unknown names.
  public static func parseList(_ text: String) throws(BenchError) -> [BenchLane] {
    var lanes: [BenchLane] = []
    for part in text.split(separator: ",") {
      let name = part.trimmingCharacters(in: .whitespaces)
      guard let lane = BenchLane(rawValue: name) else {
        throw .invalidOption(
          "unknown lane '\(name)'; expected \(allCases.map(\.rawValue).joined(separator: ", "))")
      }
      if !lanes.contains(lane) { lanes.append(lane) }
    }
    guard !lanes.isEmpty else { throw .invalidOption("no lane given") }
    return lanes
  }
}

/// A failure of the benchmark machinery, with the reason.
public enum BenchError: Error, Sendable, CustomStringConvertible, Equatable {
  case invalidOption(String)
  case invalidResult(String)
  case emptyWorkload

  public var description: String {
    switch self {
    case .invalidOption(let m): return m
    case .invalidResult(let m): return "invalid benchmark result: \(m)"
    case .emptyWorkload: return "nothing to time: the corpus has no ink samples"
    }
  }
}
