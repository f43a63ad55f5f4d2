import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchFiles
import SigbenchFormats
import SigbenchResults

/// `formats --study` and `formats --decode-bench` as pipelines: read, time through the closure
/// harness (`repetitions` timed passes after the verified warm-up), write the results file
/// under `<out>/format-study/` or `<out>/decode-bench/`; never print.
public struct FormatMeasurements: Sendable {
  public let repetitions: Int
  public let out: String

  public init(repetitions: Int, out: String) {
    (self.repetitions, self.out) = (repetitions, out)
  }

  /// The storage study over the corpus at `path`: the figures, their file, and whether any
  /// file of the corpus was rejected.
  public func study(_ path: String, progress: @escaping ProgressHandler) throws -> (
    result: FormatStudyResult, file: URL, rejected: Bool
  ) {
    let input = try CorpusInput.load(path, progress: progress)
    let harness = TimingResultsFile.harness(runs: repetitions)
    var result = FormatStudy.run(drawings: input.drawings, timer: harness.closureTimer)
    result.timer = harness.timer
    result.context = TimingResultsFile.context(timer: harness.timer)
    let file = try TimingResultsFile.write(result, kind: "format-study", out: out)
    return (result, file, !input.loaded.rejected.isEmpty)
  }

  /// Every reader timed on the files at `paths` (and their drawings re-encoded): the figures
  /// and their file. Files no reader claims and rejected inputs arrive as warnings.
  public func decodeBench(_ paths: [String], progress: @escaping ProgressHandler) throws -> (
    result: DecodeBenchResult, file: URL, files: Int
  ) {
    let files: [FormatDecodeBenchInputs.File]
    do {
      files = try FormatDecodeBenchInputs.readFiles(paths.map { URL(fileURLWithPath: $0) })
    } catch {
      throw PipelineError(
        .toolError,
        "cannot read '\(paths.joined(separator: ":"))': \(SystemErrorText.reason(error))")
    }
    let inputs = FormatDecodeBenchInputs(files: files)
    for name in inputs.unclaimed {
      progress(.note("skipped \(ConsoleText.escaped(name)): no reader for this file type"))
    }
    let harness = TimingResultsFile.harness(runs: repetitions)
    var result = FormatDecodeBench.run(inputs, timer: harness.closureTimer)
    result.timer = harness.timer
    result.context = TimingResultsFile.context(timer: harness.timer)
    let file = try TimingResultsFile.write(result, kind: "decode-bench", out: out)
    for row in result.rows {
      for f in row.failures { progress(.warning("rejected (\(row.id)) \(f)")) }
    }
    return (result, file, files.count)
  }
}
