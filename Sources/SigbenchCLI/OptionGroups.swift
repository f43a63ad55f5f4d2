import SigbenchResults
import SigbenchRun

/// Options several commands share, declared once; defaults come from the library types that
/// own them (`BenchRunSettings`, `GateConfiguration`, `GateSettings`).
enum OptionGroups {
  static let corpus = OptionSpec(
    "corpus", value: "DIR", help: "Folder (or single file) of recorded strokes.")
  static let out = OptionSpec(
    "out", value: "DIR", help: "Folder for runs, bench results, gates and baselines.",
    default: "Reports")
  static let strategies = OptionSpec(
    "strategies", value: "SPEC",
    help: "Comma-separated strategy specs, e.g. straight,catmull-rom(width=pressure) "
      + "(default: every strategy with default options).")
  static let quiet = OptionSpec("quiet", help: "No progress lines on stderr.")
  static let json = OptionSpec("json", help: "Print the result as JSON on stdout.")

  /// What every measuring command takes: counters and their subset.
  static let counters: [OptionSpec] = [
    OptionSpec("no-counters", help: "Skip the callgrind counters."),
    OptionSpec(
      "counter-points", value: "N",
      help: "Counter subset: the first N points in corpus order (raster lane N/20).",
      default: String(BenchRunSettings.defaultCounterPoints)),
  ]
  static let lanes = OptionSpec(
    "lanes", value: "LIST", help: "Lanes to measure.",
    default: BenchLane.allCases.map(\.rawValue).joined(separator: ","))
  static let timedPoints = OptionSpec(
    "timed-points", value: "N",
    help: "Points timed per strategy × lane: above N, whole strokes at a fixed stride over the "
      + "corpus (the first and every k-th after it; the rule and count are in bench.json).",
    default: String(TimingSample.defaultBudget))
  static let repetitions = OptionSpec(
    "repetitions", value: "N", help: "Timed passes per strategy × lane.",
    default: String(BenchRunSettings.defaultRepetitions))

  /// The gate's options (`gate`, and `run` with `--baseline`).
  static let gate: [OptionSpec] = [
    OptionSpec(
      "processes", value: "N", help: "Gate worker processes per side.",
      default: String(GateConfiguration.defaultProcesses)),
    OptionSpec(
      "thresholds", value: "LIST",
      help: "Per-metric thresholds METRIC=REL%[/ABSns];… (metrics "
        + GateMetric.allCases.map(\.rawValue).joined(separator: ", ") + ")."),
    OptionSpec(
      "alpha", value: "P", help: "Significance level after correction.",
      default: String(GateSettings().alpha)),
    OptionSpec(
      "correction", value: "NAME", help: "Multiple-comparison correction.",
      default: GateSettings().correction.rawValue,
      allowed: MultipleComparisons.allCases.map(\.rawValue)),
    OptionSpec(
      "seed", value: "N", help: "Seed of the worker order and the bootstrap (default: clock)."),
    OptionSpec(
      "noise-floor", value: "NAME",
      help: "A/A noise floor <out>/baselines/noise/NAME.json (sigbench baseline noise NAME): "
        + "thresholds become max(configured, 3 x A/A spread)."),
    OptionSpec(
      "quality-tolerances", value: "LIST",
      help: "Per-metric quality tolerances METRIC=REL%[/ABS];… (ABS in the metric's unit; "
        + "default 1 % and 0.01 px, 0.1°, …; see metrics.html of a run)."),
    OptionSpec("fail-on-inconclusive", help: "Exit 6 when a timing verdict is inconclusive."),
    OptionSpec(
      "budget-report-only",
      help: "Report the ink budget without failing on it (by default a steady p99 over the "
        + "budget fraction of 4.17 ms fails, exit 2)."),
    OptionSpec(
      "budget", value: "FRACTION", help: "p99 budget as a fraction of the 240 Hz period.",
      default: String(GateSettings().budgetP99Fraction)),
  ]
}

extension ParsedArguments {
  /// The whole-number option `name` within `range` (its default applied by the parser).
  func integer(_ name: String, _ range: ClosedRange<Int>) throws -> Int {
    guard let text = value(name), let v = Int(text), range.contains(v) else {
      throw ValidationError(
        "--\(name) must be a whole number in \(range.lowerBound)…\(range.upperBound); "
          + "got '\(value(name) ?? "")'.")
    }
    return v
  }

  /// `--corpus`, required.
  func corpus() throws -> String {
    guard let c = value("corpus") else { throw ValidationError("Missing '--corpus <DIR>'.") }
    return c
  }

  /// A baseline or noise floor name (letters, digits, `.`, `_`, `-`; 1–64 characters).
  func storedName(_ option: String) throws -> String? {
    guard let n = value(option) else { return nil }
    guard Baseline.isValidName(n) else {
      throw ValidationError(
        "--\(option) names use letters, digits, '.', '_' and '-' (1-64 characters); got '\(n)'.")
    }
    return n
  }

  /// The test-only injection knob from the environment, validated.
  func injection() throws -> Injection? {
    do { return try Injection.fromEnvironment() } catch { throw ValidationError(error.description) }
  }
}
