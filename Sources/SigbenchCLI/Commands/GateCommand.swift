import Foundation
import SigbenchArguments
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
      CorpusOptions.corpus.requiredHere().spec, OutputOptions.out.spec,
      StrategyOptions.strategies(default: .incremental), StrategyFolderOptions.folder.spec,
      StrategyFolderOptions.timeout.spec, BenchOptionGroup.lanes.spec,
      GateOptionGroup.baseline.spec, GateOptionGroup.baseBinary.spec, OutputOptions.quiet.spec,
      OutputOptions.json.spec,
    ] + GateOptionGroup.options + BenchOptionGroup.counters + HistoryOptions.appending)

  let corpus: CorpusOptions
  let history: HistoryOptions
  let strategies: [ConfiguredStrategy]
  let configuration: GateConfiguration
  let json: Bool

  /// Every option checked before any work (64), then the baseline, noise floor and base
  /// binary (5).
  init(_ a: ParsedArguments) throws {
    let baseline = try a.storedName(GateOptionGroup.baseline)
    let baseBinary = try a.value(GateOptionGroup.baseBinary)
    guard baseline != nil || baseBinary != nil else {
      throw ValidationError("Give '--baseline <NAME>' or '--base-binary <PATH>' (or both).")
    }
    corpus = try CorpusOptions(a)
    history = try HistoryOptions(a)
    strategies = try StrategyOptions.running(a, reference: .added)
    configuration = try GateOptionGroup(
      a, bench: try BenchOptionGroup(a), baseline: baseline, baseBinary: baseBinary
    ).configuration
    json = a.flag(OutputOptions.json)
  }

  func run(console: Console) throws -> ExitCode {
    console.warnIfDebugBuild()
    console.announceExternal(strategies)
    console.warnIfInjected(configuration.injection, "(head workers only)")
    let input = try CorpusInput.load(
      corpus.path, excluding: [URL(fileURLWithPath: configuration.outDir)],
      progress: console.progress)
    let runner = GateRunner(
      session: BenchSession(corpus: input, strategies: strategies), configuration: configuration)
    let (report, folder) = try runner.run(progress: console.progress)
    history.recorder.append(gate: report, progress: console.progress)
    if json {
      console.out(String(decoding: try report.encoded(), as: UTF8.self))
    } else {
      console.out(GateMarkdown.render(report))
      console.out("gate: \(folder.path)")
    }
    return ExitCode(rawValue: report.exitCode) ?? .toolError
  }
}
