import Foundation
import SigbenchCore
import SigbenchReport
import SigbenchResults
import SigbenchRun

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
    options: [
      OptionGroups.corpus, OptionGroups.out,
      OptionSpec(
        "strategies", value: "SPEC", help: "Comma-separated strategy specs (default: all)."),
      OptionGroups.lanes,
      OptionSpec("baseline", value: "NAME", help: "Stored baseline <out>/baselines/NAME.json."),
      OptionSpec("base-binary", value: "PATH", help: "A sigbench binary of the base commit (A/B)."),
      OptionGroups.quiet,
      OptionSpec("json", help: "Print gate.json on stdout instead of the Markdown summary."),
    ] + OptionGroups.gate + OptionGroups.counters + HistoryTarget.options)

  let corpus: String
  let history: HistoryTarget
  let strategies: [ConfiguredStrategy]
  let configuration: GateConfiguration
  let json: Bool

  /// Every option checked before any work (64), then the baseline, noise floor and base
  /// binary (5).
  init(_ a: ParsedArguments) throws {
    guard a.value("baseline") != nil || a.value("base-binary") != nil else {
      throw ValidationError("Give '--baseline <NAME>' or '--base-binary <PATH>' (or both).")
    }
    corpus = try a.corpus()
    history = try HistoryTarget(a)
    strategies = try StrategyResolver.resolve(a.value("strategies"), reference: .added)
    configuration = try GateArguments.configuration(
      a, baseline: try a.storedName("baseline"), baseBinary: a.value("base-binary"))
    json = a.flag("json")
  }

  func run(console: Console) throws -> ExitCode {
    if BuildConfiguration.isDebug {
      console.err("warning: this is a debug build; timing figures are marked \"debug\".")
    }
    if let i = configuration.injection {
      console.err(
        "warning: test-only injection \(Injection.environmentVariable) is active on '\(i.strategy)' "
          + "(head workers only)")
    }
    let input = try CorpusInput.load(corpus, progress: console.progress)
    let runner = GateRunner(
      session: BenchSession(corpus: input, strategies: strategies), configuration: configuration)
    let (report, folder) = try runner.run(progress: console.progress)
    history.append(gate: report, console: console)
    if json {
      console.out(String(decoding: try report.encoded(), as: UTF8.self))
    } else {
      console.out(GateMarkdown.render(report))
      console.out("gate: \(folder.path)")
    }
    return ExitCode(rawValue: report.exitCode) ?? .toolError
  }
}
