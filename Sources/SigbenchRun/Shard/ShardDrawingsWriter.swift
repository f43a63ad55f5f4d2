import Foundation
import SigbenchResults

/// Writes a shard's `shard-drawings.ndjson`: one compact JSON line per drawing
/// (`ShardDrawingRecord`), appended in the shard's corpus order as the drawings are folded in,
/// through a buffer of about 1 MiB. The file lives in the run's `.partial` folder, so a run
/// that fails leaves no half-written file in a finished folder.
///
/// - Complexity: O(size of the line) per drawing; memory O(buffer).
final class ShardDrawingsWriter: @unchecked Sendable {
  private let handle: FileHandle
  private let encoder: JSONEncoder
  private var buffer = Data()
  private static let flushBytes = 1 << 20

  /// Creates (or empties) the file at `url`.
  init(url: URL) throws {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw PipelineError(.toolError, "cannot create '\(url.path)'")
    }
    handle = try FileHandle(forWritingTo: url)
    encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  }

  /// Appends one drawing's line.
  func append(_ record: ShardDrawingRecord) throws {
    buffer.append(try encoder.encode(record))
    buffer.append(0x0A)
    if buffer.count >= Self.flushBytes { try flush() }
  }

  /// Writes what is buffered, synchronises and closes the file.
  func close() throws {
    try flush()
    try handle.synchronize()
    try handle.close()
  }

  private func flush() throws {
    guard !buffer.isEmpty else { return }
    try handle.write(contentsOf: buffer)
    buffer.removeAll(keepingCapacity: true)
  }
}
