import Foundation
import SigbenchBench
import SigbenchCore

/// `sigbench gate --baseline NAME | --base-binary PATH --corpus DIR`: fail a build only when a
/// regression is real.
struct GateCommand: Command {
  static let spec = CommandSpec(
    name: "gate",
    abstract: "Compare this build with a baseline or a base binary; exit 2 on a regression.",
    discussion: """
      Timing: N worker processes per side; per strategy x lane x percentile a Mann-Whitney U
      test and a bootstrap interval of head/base, corrected for the number of comparisons;
      regressed only when significant and the whole interval lies beyond the threshold, and
      only if a re-measurement agrees. With --baseline the stored replicates must come from the
      same machine and corpus, else timing is "incompatible" and only the counters gate. With
      --base-binary both builds run now, interleaved in random order (what shared CI needs).
      Counters (callgrind): instructions/point more than 1 % up, or any new steady-state
      allocation, fails. Writes <out>/gates/<id>/gate.json and gate.md (also appended to
      $GITHUB_STEP_SUMMARY when set) and prints the summary.
      """,
    options: GateCommand.sharedOptions + [
      OptionSpec("baseline", value: "NAME", help: "Stored baseline <out>/baselines/NAME.json."),
      OptionSpec("base-binary", value: "PATH", help: "A sigbench binary of the base commit (A/B)."),
      OptionSpec("quiet", help: "No progress lines on stderr."),
      OptionSpec("json", help: "Print gate.json on stdout instead of the Markdown summary."),
    ])

  /// Options `gate` and `run --baseline` share.
  static let sharedOptions: [OptionSpec] = [
    OptionSpec("corpus", value: "DIR", help: "Folder (or single file) of recorded strokes."),
    OptionSpec(
      "out", value: "DIR", help: "Folder for gate results and baselines.", default: "Reports"),
    OptionSpec("strategies", value: "SPEC", help: "Comma-separated strategy specs (default: all)."),
    OptionSpec("lanes", value: "LIST", help: "Lanes to compare.", default: "smooth,smooth+raster"),
    OptionSpec("processes", value: "N", help: "Worker processes per side.", default: "10"),
    OptionSpec(
      "thresholds", value: "LIST",
      help: "Per-metric thresholds METRIC=REL%[/ABSns];… (metrics batch-p50, p50, p90, p99)."),
    OptionSpec("alpha", value: "P", help: "Significance level after correction.", default: "0.01"),
    OptionSpec(
      "correction", value: "NAME", help: "Multiple-comparison correction.",
      default: "benjamini-hochberg", allowed: ["benjamini-hochberg", "holm"]),
    OptionSpec(
      "seed", value: "N", help: "Seed of the worker order and the bootstrap (default: clock)."),
    OptionSpec(
      "noise-floor", value: "NAME",
      help: "A/A noise floor <out>/baselines/noise/NAME.json (sigbench baseline noise NAME): "
        + "thresholds become max(configured, 3 x A/A spread)."),
    OptionSpec("fail-on-inconclusive", help: "Exit 6 when a timing verdict is inconclusive."),
    OptionSpec(
      "budget-report-only",
      help: "Report the ink budget without failing on it (by default a steady p99 over the "
        + "budget fraction of 4.17 ms fails, exit 2)."),
    OptionSpec(
      "budget", value: "FRACTION", help: "p99 budget as a fraction of the 240 Hz period.",
      default: "0.5"),
    OptionSpec("no-counters", help: "Skip the callgrind counters."),
    OptionSpec(
      "counter-points", value: "N", help: "Counter subset: the first N points (raster N/20).",
      default: "1000"),
  ]

  let runner: GateRunner
  let json: Bool

  init(_ a: ParsedArguments) throws {
    guard a.value("baseline") != nil || a.value("base-binary") != nil else {
      throw ValidationError("Give '--baseline <NAME>' or '--base-binary <PATH>' (or both).")
    }
    runner = try GateCommand.makeRunner(a, baseline: a.value("baseline"))
    json = a.flag("json")
  }

  /// Builds a runner from the shared options (used by `run --baseline` too).
  static func makeRunner(_ a: ParsedArguments, baseline: String?) throws -> GateRunner {
    guard let corpus = a.value("corpus") else { throw ValidationError("Missing '--corpus <DIR>'.") }
    if let b = baseline, !Baseline.isValidName(b) {
      throw ValidationError(
        "Baseline names use letters, digits, '.', '_' and '-' (1-64 characters); got '\(b)'.")
    }
    var r = GateRunner(
      session: try BenchSession(corpus: corpus, strategies: a.value("strategies")),
      outDir: a.value("out") ?? "Reports")
    do {
      r.lanes = try BenchLane.parseList(a.value("lanes") ?? "smooth,smooth+raster")
      if let t = a.value("thresholds") { try r.settings.applyThresholds(t) }
      r.injection = try Injection.fromEnvironment()
    } catch {
      throw ValidationError(error.description)
    }
    r.repetitions = BenchOptions.gateRepetitions(points: r.session.corpus.points)
    r.processes = try BenchCommand.integer(a, "processes", 2...200, fallback: 10)
    r.counterPoints = try BenchCommand.integer(a, "counter-points", 1...1_000_000, fallback: 1000)
    guard let alpha = Double(a.value("alpha") ?? "0.01"), alpha > 0, alpha < 1 else {
      throw ValidationError("--alpha must be a number in (0, 1).")
    }
    r.settings.alpha = alpha
    r.settings.correction =
      MultipleComparisons(rawValue: a.value("correction") ?? "") ?? .benjaminiHochberg
    guard let budget = Double(a.value("budget") ?? "0.5"), budget > 0, budget.isFinite else {
      throw ValidationError("--budget must be a positive fraction.")
    }
    r.settings.budgetP99Fraction = budget
    if let s = a.value("seed") {
      guard let v = UInt64(s) else { throw ValidationError("--seed must be a whole number ≥ 0.") }
      r.orderSeed = v
      r.settings.seed = v
    } else {
      r.orderSeed = UInt64(Date().timeIntervalSince1970 * 1000)
    }
    if let bin = a.value("base-binary") {
      guard FileManager.default.isExecutableFile(atPath: bin) else {
        throw CommandFailure(.baselineUnusable, "--base-binary '\(bin)' is not an executable file")
      }
      r.baseBinary = URL(fileURLWithPath: bin).standardizedFileURL.path
    }
    r.baselineName = baseline
    if let n = a.value("noise-floor") {
      guard Baseline.isValidName(n) else {
        throw ValidationError(
          "Noise floor names use letters, digits, '.', '_' and '-' (1-64 characters); got '\(n)'."
        )
      }
      r.noiseFloorName = n
    }
    r.failOnInconclusive = a.flag("fail-on-inconclusive")
    r.enforceBudget = !a.flag("budget-report-only")
    r.counters = !a.flag("no-counters")
    return r
  }

  func run(console: Console) throws -> ExitCode {
    if BuildConfiguration.isDebug {
      console.err("warning: this is a debug build; timing figures are marked \"debug\".")
    }
    if let i = runner.injection {
      console.err(
        "warning: test-only injection \(Injection.environmentVariable) is active on '\(i.strategy)' "
          + "(head workers only)")
    }
    let (report, folder) = try runner.run(console: console)
    if json {
      console.out(String(decoding: try report.encoded(), as: UTF8.self))
    } else {
      console.out(GateMarkdown.render(report))
      console.out("gate: \(folder.path)")
    }
    return ExitCode(rawValue: report.exitCode) ?? .toolError
  }
}
