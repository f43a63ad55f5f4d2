import Foundation
import SigbenchCore
import SigbenchFormats
import SigbenchReport
import SigbenchResults
import SigbenchRun

extension FormatsCommand {
  /// `formats --decode-bench`: reads the files, builds the inputs, times every reader and
  /// prints the table (or `--json`). Files no reader claims are noted on stderr; formats with
  /// no input are listed; the results file is written under `<out>/decode-bench/`. Exit 0 even
  /// when a target is missed (figures are not a gate).
  func runDecodeBench(_ paths: [String], console: Console) throws -> ExitCode {
    let files: [FormatDecodeBenchInputs.File]
    do {
      files = try FormatDecodeBenchInputs.readFiles(paths.map { URL(fileURLWithPath: $0) })
    } catch {
      throw CommandFailure(
        .toolError,
        "cannot read '\(paths.joined(separator: ":"))': \(SystemErrorText.reason(error))")
    }
    let inputs = FormatDecodeBenchInputs(files: files)
    for name in inputs.unclaimed {
      console.note("skipped \(ConsoleText.escaped(name)): no reader for this file type")
    }
    let harness = TimingResultsFile.harness(runs: repetitions)
    var result = FormatDecodeBench.run(inputs, timer: harness.closureTimer)
    result.timer = harness.timer
    result.context = TimingResultsFile.context(timer: harness.timer)
    let file = try TimingResultsFile.write(result, kind: "decode-bench", out: out)
    for row in result.rows {
      for f in row.failures { console.err("rejected (\(row.id)) \(f)") }
    }
    if json {
      console.out(try JSONOutput.string(result))
    } else {
      console.out(
        "decode bench over \(files.count) file(s) (\(BuildConfiguration.current) build)")
      console.out(FormatTables.decodeBench(result))
      console.out("results: \(file.path)")
    }
    return .success
  }
}
