import SigbenchCore

extension CorpusInput {
  /// Drawing `index` (1-based) of the file at `path` and how many it holds; any file that
  /// cannot be read is an error naming it, an index past the last an invalid option.
  public static func drawing(_ path: String, index: Int) throws -> (drawing: Drawing, of: Int) {
    let drawings = try load(path, policy: .everyFile).drawings
    guard index <= drawings.count else {
      throw PipelineError(
        .invalidOption, "--drawing \(index): '\(path)' holds \(drawings.count) drawing(s).")
    }
    return (drawings[index - 1], drawings.count)
  }
}
