import Foundation
import SigbenchCore
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
  public func note(_ text: String) {
    if !quiet { err(text) }
  }

  /// Where a pipeline's progress goes: notes (silenced by `--quiet`) and warnings on stderr,
  /// counted steps as a progress bar (`Progress`).
  var progress: ProgressHandler {
    let bars = ProgressBars(console: self)
    return { event in
      switch event {
      case .note(let text): self.note(text)
      case .warning(let text): self.err(text)
      case .advance(let label, let done, let total): bars.advance(label, done: done, total: total)
      }
    }
  }
}

/// One progress bar per label, advanced from any thread.
final class ProgressBars: @unchecked Sendable {
  let console: Console
  let lock = NSLock()
  var bars: [String: Progress] = [:]

  init(console: Console) { self.console = console }

  func advance(_ label: String, done: Int, total: Int) {
    lock.lock()
    defer { lock.unlock() }
    var bar = bars[label] ?? Progress(label, total: total, console: console)
    bar.advance(done - bar.done)
    bars[label] = bar
  }
}
