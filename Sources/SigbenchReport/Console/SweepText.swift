import SigbenchCore

/// What the console says of a command's sweeps before any work: each swept spec's grid size,
/// its swept options, and the points skipped for breaking a constraint, each with why.
public enum SweepText {
  /// One line per sweep, then one per skipped point; none without sweeps.
  public static func lines(_ grids: [SweepGrid]) -> [String] {
    grids.flatMap { g in
      let options = g.swept.map { "\($0.name) × \($0.values.count)" }.joined(separator: ", ")
      var lines = [
        "sweep \(g.spec.text): \(g.size) configuration\(g.size == 1 ? "" : "s") (\(options))"
          + (g.skipped.isEmpty ? "" : "; \(g.skipped.count) skipped, breaking a constraint:")
      ]
      lines += g.skipped.map { "  skipped \($0.spec): \($0.reason)" }
      return lines
    }
  }
}
