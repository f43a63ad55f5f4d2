import Foundation
import SigbenchDigest

/// The identity of a corpus from its file list alone: every file's corpus-relative path and
/// size, in the corpus order, under SHA-256 (`stat` only, no file read). Shards of one corpus
/// must agree on it before `merge` joins them.
///
/// Weaker than the run's content checksum (FNV-1a 64 over every file's bytes): a file edited in
/// place to the same size keeps the digest; each shard's content checksum covers what it read.
///
/// The digested text is one line per file, `<size> <path>\n`, paths as listed (UTF-8).
///
/// - Complexity: O(files) `stat` calls and O(total path length) hashing.
struct CorpusManifest: Sendable, Hashable {
  var digest: String
  var files: Int
  var bytes: Int

  /// The manifest of `files` (the corpus plan's, in its order); a file that cannot be
  /// `stat`ed counts as size −1, so a missing file changes the digest too.
  init(_ files: [(url: URL, name: String)]) {
    var text: [UInt8] = []
    var total = 0
    for f in files {
      var info = stat()
      let size = stat(f.url.path, &info) == 0 ? Int(info.st_size) : -1
      total += max(0, size)
      text += Array("\(size) \(f.name)\n".utf8)
    }
    digest = SHA256Digest.digest(text).map { String(format: "%02x", $0) }.joined()
    self.files = files.count
    bytes = total
  }
}
