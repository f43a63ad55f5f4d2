import Foundation
import SigbenchTestSupport
import Testing

/// Help fits a terminal (#42, item 5): `--help` had 23 of 47 lines over 80 columns and `help run`
/// 22 of 42 (a 532-character USAGE line), `COLUMNS=80` changed nothing, and every usage error
/// repeated that line. The goldens are the binary's output at 80 columns; a deliberate change
/// of the help text re-records them with `SIGBENCH_RECORD=1` (CI never records).
@Suite("help fits a terminal", .serialized)
struct HelpWidthTests {
  static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Goldens")

  /// The binary's stdout and stderr with `COLUMNS` set (or removed when nil).
  static func run(_ args: [String], columns: Int?) throws -> (out: String, err: String, code: Int32)
  {
    let r = try EndToEndTests.run(args, environment: ["COLUMNS": columns.map(String.init)])
    return (r.stdout, r.stderr, r.code)
  }

  @Test("--help and help run at 80 columns match their goldens, every line within 80")
  func goldens80() throws {
    for (args, name) in [(["--help"], "help-80.txt"), (["help", "run"], "help-run-80.txt")] {
      let text = try Self.run(args, columns: 80).out
      let long = text.split(separator: "\n").map(String.init).filter { $0.count > 80 }
      #expect(long.isEmpty, "\(name): \(long.count) lines over 80, e.g. \(long.first ?? "")")
      let url = Self.goldens.appendingPathComponent(name)
      if getenvString("SIGBENCH_RECORD") != nil {
        try Data(text.utf8).write(to: url)
      }
      let golden = try String(contentsOf: url, encoding: .utf8)
      #expect(text == golden, "\(name) differs from its golden (re-record: SIGBENCH_RECORD=1)")
    }
  }

  @Test("COLUMNS sets the width; a pipe without it gets 80")
  func columnsSetTheWidth() throws {
    let narrow = try Self.run(["help", "gate"], columns: 60).out
    // Within 60 columns, but a single word longer than the room beside the options stands alone.
    #expect(
      narrow.split(separator: "\n").allSatisfy {
        $0.count <= 60 || !$0.trimmingCharacters(in: .whitespaces).contains(" ")
      })
    let wide = try Self.run(["help", "gate"], columns: 120).out
    #expect(wide.split(separator: "\n").count < narrow.split(separator: "\n").count)
    let piped = try Self.run(["help", "gate"], columns: nil).out
    #expect(piped.split(separator: "\n").allSatisfy { $0.count <= 80 })
    #expect(piped == (try Self.run(["help", "gate"], columns: 80).out))
  }

  @Test("a usage error prints the error, one short usage line and the hint")
  func usageError() throws {
    let r = try Self.run(["run"], columns: nil)
    #expect(r.code == 64)
    let lines = r.err.split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "\(lines)")
    #expect(lines.first == "Error: Missing '--corpus <DIR>'.")
    #expect(lines.dropFirst().first == "Usage: sigbench run --corpus <DIR> [options]")
    #expect(lines.last == "  See 'sigbench help run' for more information.")
  }
}
