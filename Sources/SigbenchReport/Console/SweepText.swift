import SigbenchResults

/// What the console says of a command's sweeps before any work: each swept spec's number of
/// configurations, its swept options, and the points skipped for breaking a constraint, each
/// with why.
public enum SweepText {
  /// One line per sweep, then one per skipped point; none without sweeps.
  public static func lines(_ sweeps: [SweepRecord]) -> [String] {
    sweeps.flatMap { g in
      let options = g.options.map { "\($0.name) × \($0.values.count)" }.joined(separator: ", ")
      let size = g.configs.count + g.skipped.count
      var lines = [
        "sweep \(g.spec): \(size) configuration\(size == 1 ? "" : "s") (\(options))"
          + (g.skipped.isEmpty ? "" : "; \(g.skipped.count) skipped, breaking a constraint:")
      ]
      lines += g.skipped.map { "  skipped \($0.spec): \($0.reason)" }
      return lines
    }
  }
}
