import Foundation
import SigbenchCore
import SigbenchResults
import SigbenchRun

/// Entry point: dispatches to a subcommand, maps errors to exit codes, exits.
public enum SigbenchMain {
  public static let version = ToolInfo.version

  /// Every subcommand, in help order.
  static let commands: [any Command.Type] = [
    RunCommand.self, StrategiesCommand.self, FormatsCommand.self, InfoCommand.self,
    ConvertCommand.self, RenderCommand.self, ContactSheetCommand.self, ReplayCommand.self,
    BenchCommand.self, BaselineCommand.self, GateCommand.self, RenderBenchCommand.self,
    MetricsBenchCommand.self, HistoryCommand.self,
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
      console.out(HelpFormatter.help(c.spec))
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
    if parsed.flag("help") {
      console.out(HelpFormatter.help(c.spec))
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
    let console = Console(quiet: parsed.flag("quiet"))
    if Interruption.sweepsLeftovers(c.spec.name, parsed), let out = parsed.value("out") {
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
    if let spec {
      console.err("Usage: \(HelpFormatter.usage(spec))")
      console.err("  See 'sigbench help \(spec.name)' for more information.")
    } else {
      console.err("Usage: sigbench <subcommand> [options]")
      console.err("  See 'sigbench --help' for the list of subcommands.")
    }
    return .usage
  }

  /// `sigbench --help`: overview, subcommands and the exit-code table.
  public static func topLevelHelp() -> String {
    var out = "OVERVIEW: A workbench for pen and finger stroke smoothing: replays recorded strokes "
    out += "point by point\nthrough each smoothing strategy, renders the ink, measures per-point "
    out += "latency and writes an\nHTML comparison sheet.\n\n"
    out += "USAGE: sigbench <subcommand> [options]\n\nOPTIONS:\n"
    out += HelpFormatter.row("--version", "Show the version.")
    out += HelpFormatter.row("-h, --help", "Show help information.")
    out += "\nSUBCOMMANDS:\n"
    for c in commands { out += HelpFormatter.row(c.spec.name, c.spec.abstract) }
    out += "\nEXIT CODES (when several apply, the first of 130, 143, 64, 1, 3, 2, 5, 6, 4 wins):\n"
    for code in ExitCode.allCases { out += HelpFormatter.row(String(code.rawValue), code.meaning) }
    out += "\nUNITS: positions in CSS px (1/96 inch, y down); time in seconds from the drawing's "
    out += "start;\npressure in [0, 1]; angles in radians.\n"
    out += "\n  See 'sigbench help <subcommand>' for detailed help."
    return out
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
