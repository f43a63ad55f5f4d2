import Foundation
import SigbenchResults

/// Writes a shard's `shard-drawings.bin` (`ShardDrawingCodec`): the header, then one record per
/// drawing, appended in the shard's corpus order as the drawings are folded in, through a
/// buffer of about 1 MiB. The file lives in the run's `.partial` folder, so a run that fails
/// leaves no half-written file in a finished folder.
///
/// - Complexity: O(size of the record) per drawing; memory O(buffer).
final class ShardDrawingsWriter: @unchecked Sendable {
  private let handle: FileHandle
  private var buffer: Data
  private static let flushBytes = 1 << 20

  /// Creates (or empties) the file at `url`, for `strategies` figure sets a drawing.
  init(url: URL, strategies: Int) throws {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw PipelineError(.toolError, "cannot create '\(url.path)'")
    }
    handle = try FileHandle(forWritingTo: url)
    buffer = ShardDrawingCodec.header(strategies: strategies)
  }

  /// Appends one drawing's record.
  func append(_ record: ShardDrawingRecord) throws {
    buffer.append(ShardDrawingCodec.encode(record))
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
