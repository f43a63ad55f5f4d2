import Foundation
import SigbenchCore
import SigbenchFiles
import SigbenchResults

/// A finished run folder and its result, read before a command starts working (a
/// `--compare-run` base, `sigbench report RUN_DIR`).
public struct LoadedRun: Sendable {
  /// The folder with symlinks resolved (`Reports/latest` moves when a run finishes).
  public var folder: URL
  public var result: RunResult

  /// Reads `path/result.json`; `.toolError` naming the file when it is missing or not a
  /// result, or when a path it names breaks `RunRelativePath`'s rules (naming the field).
  public static func load(_ path: String) throws(PipelineError) -> LoadedRun {
    let (folder, file, data) = try read(path)
    let result = try decode(data, file: file)
    do {
      try result.checkPaths(in: folder)
    } catch {
      throw PipelineError(.toolError, "\(file.path): \(SystemErrorText.reason(error))")
    }
    return LoadedRun(folder: folder, result: result)
  }

  /// The folder (links resolved), its `result.json` and that file's bytes.
  static func read(_ path: String) throws(PipelineError) -> (folder: URL, file: URL, data: Data) {
    let folder = URL(fileURLWithPath: path).resolvingSymlinksInPath()
    let file = folder.appendingPathComponent("result.json")
    do {
      let data = try BoundedRead.data(file, limit: Int(InputEnvelope.resultFileBytes.value))
      return (folder, file, data)
    } catch let e as FileReadError {
      throw PipelineError(.toolError, e.message)
    } catch {
      throw PipelineError(.toolError, "cannot read \(file.path): not a run folder")
    }
  }

  /// `data` (the text of `file`) as a result.
  static func decode(_ data: Data, file: URL) throws(PipelineError) -> RunResult {
    do {
      return try RunResult.decode(data)
    } catch {
      throw PipelineError(.toolError, "\(file.path) is not a sigbench result: \(error)")
    }
  }
}
