import SigbenchArguments
import SigbenchResults

/// Where a command writes and how it talks: `--out`, `--output`, `--json`, `--quiet`.
enum OutputOptions {
  static let out = Option.text(
    "out", value: "DIR", help: "Folder for runs, bench results, gates and baselines."
  ).defaulting(to: "Reports")
  static let output = Option.text(
    "output", short: "o", value: "PATH",
    help: "Where to write the result (the kind of file is named in the overview above).")
  static let json = Flag("json", help: "Print the result as JSON on stdout instead of text.")
  static let quiet = Flag("quiet", help: "No progress lines or notes on stderr.")
  static let rawSamples = Flag(
    "raw-samples",
    help: "Also write samples.csv: every timed point's raw figures (at most 50,000 rows per "
      + "strategy and lane, ~40 MB on Corpus/). Without it only their summaries are kept, in "
      + "bench.json.")
}

extension ParsedArguments {
  /// `--out` (default `Reports`).
  func outFolder() throws -> String { try required(OutputOptions.out) }

  /// A baseline or noise floor name (letters, digits, `.`, `_`, `-`; 1–64 characters).
  func storedName(_ option: Option<String>) throws -> String? {
    guard let n = try value(option) else { return nil }
    guard Baseline.isValidName(n) else {
      throw ValidationError(
        "--\(option.spec.long) names use letters, digits, '.', '_' and '-' (1-64 characters); "
          + "got '\(n)'.")
    }
    return n
  }

  /// The test-only injection knob from the environment, validated.
  func injection() throws -> Injection? {
    do { return try Injection.fromEnvironment() } catch { throw ValidationError(error.description) }
  }
}
