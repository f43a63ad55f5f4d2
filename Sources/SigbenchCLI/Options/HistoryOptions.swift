import Foundation
import SigbenchArguments
import SigbenchHistory
import SigbenchRun

/// `--history PATH` / `--no-history`: the history database of `run`, `bench`, `gate` (which
/// append to it) and `history` (which reads it).
struct HistoryOptions {
  static let history = Option.text(
    "history", value: "PATH", help: "The history database."
  ).defaultNote("<out>/history.sqlite")
  static let noHistory = Flag(
    "no-history", help: "Do not append this command's figures to the history database.")

  /// The options of a command that appends (`run`, `bench`, `gate`).
  static let appending = [history.spec, noHistory.spec]

  /// `nil` with `--no-history`.
  let path: String?
  /// The default path under `--out` (not given with `--history`).
  let isDefault: Bool

  init(_ a: ParsedArguments) throws {
    let out = try a.outFolder()
    let given = try a.value(Self.history)
    if a.declares(Self.noHistory.spec), a.flag(Self.noHistory) {
      guard given == nil else {
        throw ValidationError("Give '--history <PATH>' or '--no-history', not both.")
      }
      path = nil
      isDefault = false
    } else {
      isDefault = given == nil
      path =
        given
        ?? URL(fileURLWithPath: out).appendingPathComponent(HistoryStore.defaultFileName).path
    }
  }

  /// Where the command's figures go (`nil`: nowhere).
  var recorder: HistoryRecorder { HistoryRecorder(path: path, refusesLink: isDefault) }
}
