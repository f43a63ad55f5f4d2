import Foundation
import SigbenchCore
import SigbenchFiles
import SigbenchFormats
import SigbenchResults

/// One stroke file in, stroke files out: what `info`, `convert` and `resample` share.
public enum StrokeFiles {
  /// The drawings of the file at `path`, read by `format` (else chosen by name and content);
  /// an unreadable or skipped file is a tool error. A rejected file comes back in `rejected`.
  public static func read(
    _ path: String, options: DecodeOptions = DecodeOptions(), format: (any StrokeFormat)? = nil
  ) throws(PipelineError) -> CorpusLoader.Result {
    let loaded: CorpusLoader.Result
    do {
      loaded = try CorpusLoader(options: options, forcedFormat: format).load(
        URL(fileURLWithPath: path))
    } catch {
      throw PipelineError(.toolError, "cannot read '\(path)': \(SystemErrorText.reason(error))")
    }
    if let s = loaded.skipped.first { throw PipelineError(.toolError, "\(s)") }
    return loaded
  }

  /// Where `count` drawings go: `output` itself for one; `STEM-1.ext`, `STEM-2.ext`, … for
  /// several, `ext` the first of `extensions` that `output` ends with (else the first).
  public static func targets(_ output: String, count: Int, extensions: [String]) -> [URL] {
    guard count != 1 else { return [URL(fileURLWithPath: output)] }
    let lower = output.lowercased()
    let ext = extensions.first { lower.hasSuffix("." + $0) } ?? extensions[0]
    let stem = String(output.dropLast(lower.hasSuffix("." + ext) ? ext.count + 1 : 0))
    return (0..<count).map { URL(fileURLWithPath: "\(stem)-\($0 + 1).\(ext)") }
  }

  /// `drawing` encoded by `format` and written atomically to `url`.
  public static func write(_ drawing: Drawing, as format: any StrokeFormat, to url: URL) throws {
    let data: Data
    do { data = try format.encode(drawing) } catch {
      throw PipelineError(
        .toolError,
        "cannot write \(url.path) as \(format.descriptor.id): \(SystemErrorText.reason(error))")
    }
    try AtomicFiles.write(data, to: url)
  }

  /// The format with id `id`; an unknown id is an invalid option with the closest id.
  public static func format(id: String) throws(PipelineError) -> any StrokeFormat {
    guard let f = FormatCatalog.format(id: id) else {
      let hint = closestMatch(to: id, in: FormatCatalog.ids).map { " Did you mean '\($0)'?" } ?? ""
      throw PipelineError(
        .invalidOption,
        "Unknown format '\(id)'.\(hint) Known: \(FormatCatalog.ids.joined(separator: ", ")).")
    }
    return f
  }

  /// The format `convert` writes: `given` (which must be writable), else the first writable
  /// one `output`'s name suggests; anything else is an invalid option listing the writable ones.
  public static func writer(_ given: (any StrokeFormat)?, output: String) throws(PipelineError)
    -> any StrokeFormat
  {
    let writable = FormatCatalog.all.filter(\.descriptor.canWrite)
      .map { "\($0.descriptor.id) (.\($0.descriptor.extensions[0]))" }.joined(separator: ", ")
    if let f = given {
      guard f.descriptor.canWrite else {
        throw PipelineError(
          .invalidOption, "Format '\(f.descriptor.id)' cannot be written. Writable: \(writable).")
      }
      return f
    }
    guard
      let f = FormatCatalog.candidates(forFileName: output).first(where: { $0.descriptor.canWrite })
    else {
      throw PipelineError(
        .invalidOption,
        "Cannot tell the output format from '\(output)'; use --format (writable: \(writable)).")
    }
    return f
  }
}
