import Foundation
import SigbenchArguments
import SigbenchCore
import SigbenchReport
import SigbenchResults
import SigbenchRun

/// Where a command writes: results to stdout, diagnostics to stderr. Only the CLI prints.
public struct Console: Sendable {
  public var quiet = false

  public init(quiet: Bool = false) { self.quiet = quiet }

  /// A result line on stdout.
  public func out(_ text: String) {
    FileHandle.standardOutput.write(Data((Console.safe(text) + "\n").utf8))
  }

  /// A diagnostic line on stderr (always shown).
  public func err(_ text: String) {
    FileHandle.standardError.write(Data((Console.safe(text) + "\n").utf8))
  }

  /// `text` made safe for the terminal (`ConsoleText.message`): whatever a message quotes
  /// from a file cannot move the cursor, clear the screen or reorder the line. Text quoted from
  /// files is escaped where it is quoted too (`FormatError`), so it cannot start a line either.
  static func safe(_ text: String) -> String { ConsoleText.message(text) }

  /// A progress or notice line on stderr, silenced by `--quiet`.
  /// Says, before any work, which external strategies may be started and how (their manifest
  /// and command): on standard error, even with `--quiet`, since it names programs that run.
  func announceExternal(_ strategies: [ConfiguredStrategy]) {
    strategies.compactMap(StrategyCatalogText.externalStart).forEach(err)
  }

  public func note(_ text: String) {
    if !quiet { err(text) }
  }

  /// Where a pipeline's progress goes: notes (silenced by `--quiet`) and warnings on stderr,
  /// counted steps as a progress bar (`ProgressBars`).
  var progress: ProgressHandler {
    let bars = ProgressBars(console: self)
    return { event in
      switch event {
      case .note(let text): bars.note(text)
      case .warning(let text): self.err(text)
      case .advance(let label, let done, let total): bars.advance(label, done: done, total: total)
      }
    }
  }

  /// The one warning of a timing command built without optimisation.
  func warnIfDebugBuild() {
    guard BuildConfiguration.isDebug else { return }
    err(
      "warning: this is a debug build; timing figures are marked \"debug\" and are not "
        + "representative (build with -c release).")
  }

  /// The warning of a measurement made with the test-only injection knob set.
  func warnIfInjected(_ injection: Injection?, _ note: String = "") {
    guard let i = injection else { return }
    err(
      "warning: test-only injection \(Injection.environmentVariable) is active on "
        + "'\(i.strategy)'" + (note.isEmpty ? "" : " \(note)"))
  }

  /// `value` as the sorted, pretty JSON of the result files (`ResultJSON`), on stdout.
  func outJSON<T: Encodable>(_ value: T) throws {
    out(String(decoding: try ResultJSON.encode(value), as: UTF8.self))
  }

  /// `progress` with a heartbeat: a silent step is reported again every few seconds.
  func heartbeat() -> Heartbeat {
    Heartbeat(forwardingTo: progress, enabled: !quiet)
  }
}

/// Counted steps on stderr, from any thread: on a terminal one redrawn bar per step with
/// done/total, rate and ETA (`ProgressText`); otherwise a plain line every few seconds (CI
/// logs); nothing with `--quiet`.
final class ProgressBars: @unchecked Sendable {
  /// Seconds between plain lines when stderr is not a terminal, and between redraws on one.
  static let plainInterval = 5.0
  static let barInterval = 0.1

  struct Step {
    var started = Date()
    var lastDraw = Date.distantPast
  }

  let console: Console
  let isTerminal = isatty(STDERR_FILENO) == 1
  let lock = NSLock()
  var steps: [String: Step] = [:]
  /// A bar is drawn and its line not ended.
  var midLine = false

  init(console: Console) { self.console = console }

  func advance(_ label: String, done: Int, total: Int) {
    guard !console.quiet else { return }
    lock.lock()
    defer { lock.unlock() }
    var step = steps[label] ?? Step()
    let now = Date()
    let due = isTerminal ? Self.barInterval : Self.plainInterval
    guard now.timeIntervalSince(step.lastDraw) >= due || done >= total else { return }
    step.lastDraw = now
    steps[label] = step
    let line = ProgressText.line(
      label: label, done: done, total: max(1, total), elapsed: now.timeIntervalSince(step.started))
    guard isTerminal else { return console.err(line) }
    let end = done >= total ? "\n" : ""
    midLine = end.isEmpty
    let bar = ProgressText.bar(done: done, total: total)
    FileHandle.standardError.write(Data("\r\(bar) \(Console.safe(line))\u{1B}[K\(end)".utf8))
  }

  /// A note, on a line of its own even while a bar is drawn.
  func note(_ text: String) {
    guard !console.quiet else { return }
    lock.lock()
    defer { lock.unlock() }
    if midLine { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    midLine = false
    console.err(text)
  }
}
