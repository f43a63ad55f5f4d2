import Foundation
import SigbenchArguments
import SigbenchCore
import SigbenchFiles
import SigbenchResults
import SigbenchRun
import SigbenchStrategies

/// Entry point: dispatches to a subcommand, maps errors to exit codes, exits.
public enum SigbenchMain {
  public static let version = ToolInfo.version

  /// Every subcommand, in help order.
  static let commands: [any Command.Type] = [
    RunCommand.self, MergeCommand.self, StrategiesCommand.self, FormatsCommand.self,
    InfoCommand.self,
    ConvertCommand.self, RenderCommand.self, ContactSheetCommand.self, ReplayCommand.self,
    BenchCommand.self, TuneCommand.self, BaselineCommand.self, GateCommand.self,
    RenderBenchCommand.self,
    MetricsBenchCommand.self, HistoryCommand.self, PruneCommand.self,
    ReportCommand.self, FixturesCommand.self, SynthCommand.self, ResampleCommand.self,
    CaptureCommand.self,
  ]

  public static func main() -> Never {
    let args = Array(CommandLine.arguments.dropFirst())
    Interruption.install()
    let code = run(args)
    // A signal's handler is cleaning up and exits with its own code: never race it.
    while CleanupRegistry.isStopping { pause() }
    exit(code.rawValue)
  }

  /// sigbench's whole command line, with `strategies` added to the catalog: the one call a
  /// Swift package makes from its own `main` to build a sigbench of its own.
  ///
  /// The strategies join after the built-ins, under their descriptors' ids, attributed to
  /// `package` (kebab-case; recorded with each of their results). They are replayed, drawn,
  /// measured, timed in both lanes and counted under callgrind exactly like sigbench's own,
  /// and the incremental ones join the default set. Worker processes run this same binary, so
  /// they know them too. An invalid addition (an id taken or not kebab-case) prints the rule
  /// and exits with 70 before any command runs.
  public static func main(adding strategies: [any SmoothingStrategy.Type], package: String)
    -> Never
  {
    do {
      try StrategyCatalog.add(strategies.map { StrategyEntry.of($0) }, package: package)
    } catch {
      Console().err("Error: \(error.description)")
      exit(ExitCode.toolError.rawValue)
    }
    main()
  }

  /// Runs the tool with `args` (without the executable name) and returns the exit code.
  public static func run(_ args: [String]) -> ExitCode {
    let console = Console()
    guard let first = args.first else {
      console.out(topLevelHelp())
      return .success
    }
    switch first {
    case "--help", "-h":
      console.out(topLevelHelp())
      return .success
    case "--version":
      console.out("sigbench \(version) (\(BuildConfiguration.current) build)")
      if let added = StrategyCatalog.added {
        console.out(
          "with strategies from Swift package '\(added.package)': "
            + added.entries.map(\.descriptor.id).joined(separator: ", "))
      }
      return .success
    case "help":
      guard args.count > 1 else {
        console.out(topLevelHelp())
        return .success
      }
      guard let c = command(named: args[1]) else {
        return usageError(
          "Unknown subcommand '\(args[1])'.\(subcommandHint(args[1]))", nil, console)
      }
      console.out(HelpFormatter.help(c.spec, width: HelpWidth.current()))
      return .success
    default:
      break
    }
    guard let c = command(named: first) else {
      return usageError("Unknown subcommand '\(first)'.\(subcommandHint(first))", nil, console)
    }
    let parsed: ParsedArguments
    do {
      parsed = try ArgumentParser.parse(Array(args.dropFirst()), spec: c.spec)
    } catch {
      return usageError(error.message, c.spec, console)
    }
    if parsed.wantsHelp {
      console.out(HelpFormatter.help(c.spec, width: HelpWidth.current()))
      return .success
    }
    let code = runCommand(c, parsed)
    // A failed command leaves nothing partial behind (its finished results stay).
    if code != .success && code != .rejectedInputs { CleanupRegistry.abandonAll() }
    return code
  }

  /// Sweeps stale leftovers (when the command writes under `--out`), builds and runs `c`, and
  /// maps what it throws to an exit code.
  static func runCommand(_ c: any Command.Type, _ parsed: ParsedArguments) -> ExitCode {
    let quiet = parsed.declares(OutputOptions.quiet.spec) && parsed.flag(OutputOptions.quiet)
    let console = Console(quiet: quiet)
    if Interruption.sweepsLeftovers(c.spec.name, parsed),
      let out = try? parsed.value(OutputOptions.out)
    {
      for removed in LeftoverSweep.sweep(out: URL(fileURLWithPath: out)) {
        console.note("notice: \(removed)")
      }
    }
    do {
      return try c.init(parsed).run(console: console)
    } catch let e as ValidationError {
      return usageError(e.message, c.spec, console)
    } catch let e as StrategyError {
      return usageError(e.description, c.spec, console)
    } catch let e as CommandFailure {
      console.err("Error: \(e.message)")
      return e.code
    } catch let e as PipelineError {
      if e.kind == .invalidOption { return usageError(e.message, c.spec, console) }
      console.err("Error: \(e.message)")
      return ExitCode(e.kind)
    } catch {
      console.err("Error: \(SystemErrorText.describe(error))")
      return .toolError
    }
  }

  static func command(named name: String) -> (any Command.Type)? {
    commands.first { $0.spec.name == name }
  }

  static func subcommandHint(_ name: String) -> String {
    closestMatch(to: name, in: commands.map { $0.spec.name }).map { " Did you mean '\($0)'?" } ?? ""
  }

  static func usageError(_ message: String, _ spec: CommandSpec?, _ console: Console) -> ExitCode {
    console.err("Error: \(message)")
    HelpFormatter.usageHint("sigbench", spec).forEach(console.err)
    return .usage
  }

  /// `sigbench --help`: overview, subcommands and the exit-code table.
  public static func topLevelHelp() -> String {
    HelpFormatter.toolHelp(
      "sigbench",
      overview: "A workbench for pen and finger stroke smoothing: replays recorded strokes point "
        + "by point through each smoothing strategy, renders the ink, measures per-point latency "
        + "and writes an HTML comparison sheet.",
      commands: commands.map { $0.spec },
      sections: [
        HelpFormatter.Section(
          "EXIT CODES (when several apply, the first of 130, 143, 64, 1, 3, 2, 5, 6, 4 wins)",
          ExitCode.allCases.map { (String($0.rawValue), $0.meaning) })
      ],
      notes: "UNITS: positions in CSS px (1/96 inch, y down); time in seconds from the drawing's "
        + "start; pressure in [0, 1]; angles in radians.", width: HelpWidth.current())
  }
}

/// A subcommand: a static spec, built from parsed arguments, then run.
protocol Command: SendableMetatype {
  static var spec: CommandSpec { get }
  init(_ arguments: ParsedArguments) throws
  func run(console: Console) throws -> ExitCode
}

extension ExitCode {
  /// The exit code of a pipeline failure.
  init(_ kind: PipelineError.Kind) {
    switch kind {
    case .toolError: self = .toolError
    case .invalidBenchmark: self = .invalidBenchmark
    case .baselineUnusable: self = .baselineUnusable
    case .invalidOption: self = .usage
    }
  }
}
