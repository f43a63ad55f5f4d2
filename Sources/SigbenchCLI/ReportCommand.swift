import Foundation
import SigbenchBench
import SigbenchReport

/// `sigbench report RUN_DIR`: rebuilds a run's HTML from its result file alone.
struct ReportCommand: Command {
  static let spec = CommandSpec(
    name: "report", abstract: "Rebuild a run's HTML sheet from its result.json.",
    discussion: "The same result file always gives the same HTML, byte for byte.",
    positionals: [PositionalSpec("run-dir", help: "A folder under Reports/runs/.")])

  let runDir: String
  init(_ a: ParsedArguments) { runDir = a.positionals[0] }

  func run(console: Console) throws -> ExitCode {
    let dir = URL(fileURLWithPath: runDir)
    let file = dir.appendingPathComponent("result.json")
    let data: Data
    do { data = try Data(contentsOf: file) } catch {
      throw CommandFailure(.toolError, "cannot read \(file.path): \(error.localizedDescription)")
    }
    let result: RunResult
    do { result = try RunResult.decode(data) } catch {
      throw CommandFailure(.toolError, "\(file.path) is not a sigbench result: \(error)")
    }
    try ReportWriter.write(result, to: dir)
    console.out(dir.appendingPathComponent("index.html").path)
    return .success
  }
}
