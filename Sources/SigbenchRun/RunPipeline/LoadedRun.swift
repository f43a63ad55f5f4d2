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
    let folder = URL(fileURLWithPath: path).resolvingSymlinksInPath()
    let file = folder.appendingPathComponent("result.json")
    let data: Data
    do {
      data = try BoundedRead.data(file, limit: Int(InputEnvelope.resultFileBytes.value))
    } catch let e as FileReadError {
      throw PipelineError(.toolError, e.message)
    } catch {
      throw PipelineError(.toolError, "cannot read \(file.path): not a run folder")
    }
    let result: RunResult
    do {
      result = try RunResult.decode(data)
    } catch {
      throw PipelineError(.toolError, "\(file.path) is not a sigbench result: \(error)")
    }
    do {
      try result.checkPaths(in: folder)
    } catch {
      throw PipelineError(.toolError, "\(file.path): \(SystemErrorText.reason(error))")
    }
    return LoadedRun(folder: folder, result: result)
  }
}
