import Foundation
import SigbenchArguments
import SigbenchResults
import SigbenchRun

/// `sigbench report RUN_DIR`: rebuilds a run's HTML from its result file alone.
struct ReportCommand: Command {
  static let spec = CommandSpec(
    name: "report", abstract: "Rebuild a run's HTML sheet from its result.json.",
    discussion: "The same result file always gives the same HTML, byte for byte.",
    positionals: [PositionalSpec("run-dir", help: "A folder under Reports/runs/.")])

  let runDir: String
  init(_ a: ParsedArguments) { runDir = a.positionals[0] }

  func run(console: Console) throws -> ExitCode {
    let run = try LoadedRun.load(runDir)
    try ReportWriter.write(run.result, to: URL(fileURLWithPath: runDir))
    console.out(URL(fileURLWithPath: runDir).appendingPathComponent("index.html").path)
    return .success
  }
}
