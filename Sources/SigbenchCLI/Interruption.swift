import Dispatch
import Foundation
import SigbenchArguments
import SigbenchCore
import SigbenchFiles
import SigbenchResults
import SigbenchRun

/// SIGINT (Ctrl-C) and SIGTERM stop a command cleanly: registered workers are killed, partial
/// state (a run's `.partial` folder, temporary files of atomic writes, scratch folders) is
/// removed through `CleanupRegistry`, finished results are untouched, and the process exits 130
/// or 143 (128 + the signal's number) whatever else applies.
///
/// Workers are started with a parent-death signal as well (`BenchWorkers`), so they also die
/// when this process is killed by a signal it cannot catch (SIGKILL).
enum Interruption {
  private static let sources = SourceBox()

  private final class SourceBox: @unchecked Sendable {
    var list: [any DispatchSourceSignal] = []
  }

  /// Installs the handlers (once, at start-up, before any work).
  static func install() {
    for sig in [SIGINT, SIGTERM] {
      signal(sig, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
      source.setEventHandler { stop(sig) }
      source.resume()
      sources.list.append(source)
    }
  }

  /// The exit code for `signal`.
  static func code(_ signal: Int32) -> ExitCode {
    signal == SIGINT ? .interrupted : .terminated
  }

  private static func stop(_ sig: Int32) -> Never {
    let removed = CleanupRegistry.abandonAll(forSignal: true)
    var text = "\nstopped by \(sig == SIGINT ? "SIGINT" : "SIGTERM")"
    if !removed.isEmpty { text += "; removed partial state: \(removed.joined(separator: ", "))" }
    FileHandle.standardError.write(Data((ConsoleText.message(text) + "\n").utf8))
    _exit(code(sig).rawValue)
  }

  /// Commands that write under `--out` sweep stale leftovers of dead processes first; workers
  /// never do (they run inside a parent's measurement, some under valgrind).
  static func sweepsLeftovers(_ name: String, _ arguments: ParsedArguments) -> Bool {
    guard ["run", "bench", "gate", "baseline"].contains(name) else { return false }
    guard name == BenchCommand.spec.name else { return true }
    return [BenchCommand.worker, BenchCommand.counterWorker, BenchCommand.qualityWorker]
      .allSatisfy { !arguments.given($0.spec) }
  }
}
