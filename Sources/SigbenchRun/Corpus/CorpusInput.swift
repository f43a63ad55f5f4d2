import Foundation
import SigbenchCore
import SigbenchFiles
import SigbenchFormats
import SigbenchResults

/// A corpus read once per command: the drawings, their formats, what was skipped or rejected,
/// and the checksum baselines are matched by. The one place corpus loading and its error text
/// live; every command that reads a corpus goes through `load`.
public struct CorpusInput: Sendable {
  /// The path as given (folder or single file).
  public var path: String
  public var loaded: CorpusLoader.Result

  public var drawings: [Drawing] { loaded.drawings }
  /// FNV-1a 64 over the files read, hex (what baselines and noise floors are matched by).
  public var checksum: String { String(loaded.checksum, radix: 16) }
  public var pointCount: Int { loaded.drawings.reduce(0) { $0 + $1.sampleCount } }

  /// How a command treats files it cannot use.
  public enum Policy: Sendable {
    /// Unsupported files are skipped and malformed ones rejected, each reported; the run goes
    /// on with the rest (`run`, `bench`, `gate`, `baseline`, `contact-sheet`, `render-bench`).
    case corpus
    /// Every file must be read (`render`, `replay`, `render-bench --file`): a skipped or
    /// rejected file is an error naming it.
    case everyFile
  }

  public init(path: String, loaded: CorpusLoader.Result) {
    self.path = path
    self.loaded = loaded
  }

  /// Reads `path`. Throws `.toolError` when the folder cannot be read or nothing usable is in
  /// it; with `.everyFile`, also for the first skipped or rejected file. Skipped and rejected
  /// files of a `.corpus` are reported through `progress` (skips as notes, rejections as
  /// warnings).
  /// `excluding`: folders never entered (the command's `--out`, when inside the corpus).
  public static func load(
    _ path: String, policy: Policy = .corpus, excluding: [URL] = [],
    progress: ProgressHandler = ignoreProgress
  ) throws(PipelineError) -> CorpusInput {
    let loaded: CorpusLoader.Result
    do {
      var loader = CorpusLoader()
      loader.excludedFolders = excluding
      loaded = try loader.load(URL(fileURLWithPath: path))
    } catch {
      throw PipelineError(
        .toolError, "cannot read corpus '\(path)': \(SystemErrorText.reason(error))")
    }
    switch policy {
    case .corpus:
      for s in loaded.skipped { progress(.note("skipped \(s)")) }
      for r in loaded.rejected { progress(.warning("rejected \(r)")) }
    case .everyFile:
      if let r = loaded.rejected.first { throw PipelineError(.toolError, "rejected \(r)") }
      if let s = loaded.skipped.first(where: { !$0.isHidden && !$0.isOutputFolder }) {
        throw PipelineError(.toolError, "cannot read \(s)")
      }
    }
    guard !loaded.drawings.isEmpty, loaded.drawings.contains(where: { $0.sampleCount > 0 }) else {
      throw PipelineError(.toolError, "no drawings could be read from '\(path)'")
    }
    return CorpusInput(path: path, loaded: loaded)
  }
}

extension CorpusInput {
  /// Reads every file under `path` once, keeping only what was skipped or rejected (reported
  /// through `progress` like `load` does): `run --strict` checks a streamed corpus before any
  /// work with it. Throws when the folder cannot be read.
  public static func check(
    _ path: String, excluding: [URL] = [], progress: ProgressHandler = ignoreProgress
  ) throws -> CorpusLoader.Result {
    var stream = CorpusStream(path: path, jobs: 1)
    stream.loader.excludedFolders = excluding
    return try stream.check(progress: progress)
  }

  /// `run --strict`: `nil` when every file under `path` is read without a rejection or a skip
  /// (hidden files aside), else what was found. An unreadable folder is a tool error.
  public static func strictRefusal(
    _ path: String, excluding: [URL] = [], progress: ProgressHandler
  ) throws(PipelineError) -> String? {
    let checked: CorpusLoader.Result
    do { checked = try check(path, excluding: excluding, progress: progress) } catch {
      throw PipelineError(
        .toolError, "cannot read corpus '\(path)': \(SystemErrorText.reason(error))")
    }
    let skipped = checked.skipped.filter { !$0.isHidden && !$0.isOutputFolder }
    guard !skipped.isEmpty || !checked.rejected.isEmpty else { return nil }
    return "--strict: \(checked.rejected.count) rejected and \(skipped.count) skipped file(s); "
      + "nothing was run."
  }
}
