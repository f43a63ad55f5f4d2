import SigbenchResults

/// sigbench's exit codes, one table for every subcommand (printed by `sigbench --help`).
public enum ExitCode: Int32, CaseIterable, Sendable {
  case success = 0
  case toolError = 1
  case confirmedRegression = 2
  case invalidBenchmark = 3
  case rejectedInputs = 4
  case baselineUnusable = 5
  case inconclusive = 6
  case usage = 64
  /// Stopped by SIGINT (Ctrl-C): 128 + 2.
  case interrupted = 130
  /// Stopped by SIGTERM: 128 + 15.
  case terminated = 143

  /// One line per code, for help.
  public var meaning: String {
    switch self {
    case .success: return "success"
    case .toolError: return "tool error (I/O, unreadable corpus folder, render failure)"
    case .confirmedRegression: return "confirmed regression (gate)"
    case .invalidBenchmark:
      return "a benchmark crashed or produced invalid results, or a stage failed on a drawing"
        + " inside the input envelope (a failed cell; the run went on), or a strategy failed"
        + " `strategies --check`"
    case .rejectedInputs:
      return "the run completed but some inputs of a supported format were rejected as malformed"
        + " (with --strict: any rejected or skipped file)"
    case .baselineUnusable: return "baseline missing or incompatible"
    case .inconclusive: return "inconclusive (only when asked to fail on it)"
    case .usage: return "usage error"
    case .interrupted: return "interrupted (SIGINT, Ctrl-C): workers stopped, partial state removed"
    case .terminated: return "terminated (SIGTERM): workers stopped, partial state removed"
    }
  }

  /// When several apply, the one reported is the first in this order.
  public static let precedence: [ExitCode] = [
    .interrupted, .terminated, .usage, .toolError, .invalidBenchmark, .confirmedRegression,
    .baselineUnusable, .inconclusive,
    .rejectedInputs, .success,
  ]

  /// The code to report when all of `codes` apply.
  public static func combine(_ codes: [ExitCode]) -> ExitCode {
    precedence.first { codes.contains($0) } ?? .success
  }
}

extension ExitCode {
  /// What a finished run's result says, for `run` and `merge` alike: 4 when inputs were
  /// rejected, 3 when a cell or a strategy failed, and the gate's verdict when a gate ran;
  /// the first of them in `precedence`.
  public static func of(_ result: RunResult) -> ExitCode {
    let runCode: ExitCode = result.corpus.rejected.isEmpty ? .success : .rejectedInputs
    let cellCode: ExitCode =
      result.failedCells.isEmpty && (result.bench.failedStrategies ?? [:]).isEmpty
      ? .success : .invalidBenchmark
    let gateCode = result.gate.map { ExitCode(rawValue: $0.exitCode) ?? .toolError } ?? .success
    return combine([runCode, cellCode, gateCode])
  }
}
