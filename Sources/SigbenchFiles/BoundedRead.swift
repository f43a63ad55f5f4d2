import Foundation

/// Reads a file that sigbench wrote earlier (a result, a baseline, a picture), refusing one
/// larger than `limit` bytes before reading any of it: such files come from disk, where anything
/// may have replaced them, and an unbounded read of a huge or sparse file would exhaust memory.
public enum BoundedRead {
  /// The file's bytes; `FileReadError` naming the file, its size and the limit when it is larger
  /// than `limit`, or naming what it is when it is not a regular file.
  public static func data(_ url: URL, limit: Int) throws -> Data {
    var info = stat()
    if stat(url.path, &info) == 0 {
      let kind = info.st_mode & S_IFMT
      guard kind == S_IFREG else {
        throw FileReadError(
          "\(url.path) is not a regular file (\(SystemErrorText.kindName(kind)))")
      }
      guard Int64(info.st_size) <= Int64(limit) else {
        throw FileReadError(
          "\(url.path) is \(info.st_size) bytes, more than the \(limit) bytes a file of this kind"
            + " may have; not read")
      }
    }
    return try Data(contentsOf: url)
  }
}

/// A read refused before it began (too large, not a regular file), with its message.
public struct FileReadError: Error, Sendable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { message }
}
