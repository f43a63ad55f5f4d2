import Foundation
import SigbenchCore
import SigbenchResults

/// Reads every file under a corpus folder, in a deterministic order (paths sorted by their
/// UTF-8 bytes), with the reader chosen by extension and content.
///
/// The run goes on past bad files: unsupported files are listed as skipped (with the reason),
/// malformed files of a supported format as rejected (with the `FormatError`).
public struct CorpusLoader: Sendable {
  /// Files that are documentation or licences, never ink; skipped silently.
  public static let ignoredNames: Set<String> = ["readme.md", "source.md", "license", "licence"]

  public var options: DecodeOptions
  /// Forces a format instead of choosing by extension and content.
  public var forcedFormat: (any StrokeFormat)?
  /// Folders a corpus walk never enters: the command's output folder when it lies inside the
  /// corpus, so a run never reads what an earlier run wrote.
  public var excludedFolders: [URL] = []

  public init(options: DecodeOptions = DecodeOptions(), forcedFormat: (any StrokeFormat)? = nil) {
    self.options = options
    self.forcedFormat = forcedFormat
  }

  /// A file the loader did not read, and why.
  public struct Skipped: Sendable, Hashable, Codable, CustomStringConvertible {
    public var file: String
    public var reason: String

    /// `file: reason`, the name with `ConsoleText`'s escapes.
    public var description: String { "\(ConsoleText.escaped(file)): \(reason)" }

    /// A hidden entry: listed so nothing is left out silently, but never an error (`--strict`
    /// and reading every file of a folder ignore it).
    public var isHidden: Bool { reason == CorpusWalk.hiddenReason }

    /// The command's own output folder inside the corpus: listed, never an error either.
    public var isOutputFolder: Bool { reason == CorpusWalk.outputReason }
  }

  /// What a corpus held.
  public struct Result: Sendable {
    public var root: String
    public var drawings: [Drawing] = []
    /// Which format read each drawing (same order as `drawings`).
    public var formatIDs: [String] = []
    /// Each drawing's index in its file (same order as `drawings`).
    public var drawingIndices: [Int] = []
    public var skipped: [Skipped] = []
    public var rejected: [FormatError] = []
    public var warnings: [FormatWarning] = []
    /// Files read successfully.
    public var filesRead = 0
    /// FNV-1a 64 checksum over every read file's relative path and bytes, in read order.
    public var checksum: UInt64 = 0xcbf2_9ce4_8422_2325
    /// Files read whose name and bytes are not in `checksum` yet, in read order.
    public var unhashed: [(name: String, data: Data)] = []

    public init(root: String) { self.root = root }

    /// Continues `checksum` over `unhashed` (each file's relative path, then its bytes), and
    /// empties it.
    public mutating func hashUnhashed() {
      for (name, data) in unhashed {
        checksum = fnv1a(Array(name.utf8), checksum)
        checksum = fnv1a(data, checksum)
      }
      unhashed = []
    }
  }

  /// Relative paths of every regular file under `root`, sorted (`CorpusWalk`: links
  /// followed, hidden entries left out).
  public static func listFiles(under root: URL) throws -> [String] {
    CorpusWalk(root: root).files
  }

  /// Reads a whole corpus folder (or a single file).
  public func load(_ root: URL) throws -> Result {
    var result = Result(root: root.path)
    let plan = try self.plan(root)
    result.skipped += plan.skipped
    for f in plan.files { readFile(f.url, name: f.name, into: &result) }
    return result
  }

  /// The files `load` reads, in its order (a single file, or a folder's files without the
  /// documentation and licences it ignores), and the entries a folder's walk left out: what a
  /// caller that reads one file at a time (`read(_:name:into:)`) needs. A path that is not a
  /// regular file or folder is one skipped entry.
  public func plan(_ root: URL) throws -> (files: [(url: URL, name: String)], skipped: [Skipped]) {
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDir) else {
      throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: root.path])
    }
    if !isDir.boolValue {
      var info = stat()
      if stat(root.path, &info) == 0, info.st_mode & S_IFMT != S_IFREG {
        let kind = CorpusWalk.kindName(info.st_mode & S_IFMT)
        return ([], [Skipped(file: root.lastPathComponent, reason: "not a regular file (\(kind))")])
      }
      return ([(root, root.lastPathComponent)], [])
    }
    let walk = CorpusWalk(root: root, excluding: excludedFolders)
    let files = walk.files.filter { rel in
      let name = (rel as NSString).lastPathComponent.lowercased()
      return
        !(CorpusLoader.ignoredNames.contains(name) || name.hasPrefix("license")
        || name.hasPrefix("licence") || name.hasSuffix(".md"))
    }
    return (files.map { (root.appendingPathComponent($0), $0) }, walk.skipped)
  }

  /// The size `FileManager.attributesOfItem(atPath:)[.size]` gives (that of the link itself
  /// for a symbolic link: `lstat`), 0 when it cannot be read; from one `lstat` call, without
  /// the attribute dictionary and its casts (about 110,000 instructions a file).
  static func byteSize(_ path: String) -> Int {
    var info = stat()
    return lstat(path, &info) == 0 ? Int(info.st_size) : 0
  }

  /// Reads one file (`name` as results show it) into `result`, as `load` does for each file:
  /// its drawings, or why it was skipped or rejected; the checksum continues.
  public func read(_ url: URL, name: String, into result: inout Result) {
    readFile(url, name: name, into: &result)
  }

  /// `read`, leaving the file's part of the checksum to `Result.hashUnhashed` (its name and
  /// bytes wait in `result.unhashed`): workers read files in parallel and continue the
  /// checksum in corpus order.
  public func readDeferringChecksum(_ url: URL, name: String, into result: inout Result) {
    readFile(url, name: name, into: &result, deferringChecksum: true)
  }

  /// `readDeferringChecksum` for shard `shard` (`--shard`): only the drawings it owns are kept
  /// (an ndjson file parses only their lines; a one-drawing file it does not own is not
  /// opened), and what it did with the file (`ordinal`: its place in the corpus order) is
  /// returned for `merge`.
  public func readShard(
    _ url: URL, name: String, ordinal: Int, shard: ShardSpec, into result: inout Result
  ) -> ShardFileRecord {
    readFile(
      url, name: name, into: &result, deferringChecksum: true, shard: shard, ordinal: ordinal)
  }

  @discardableResult
  func readFile(
    _ url: URL, name: String, into result: inout Result, deferringChecksum: Bool = false,
    shard: ShardSpec? = nil, ordinal: Int = 0
  ) -> ShardFileRecord {
    var record = ShardFileRecord(ordinal: ordinal, name: name, outcome: .read)
    if let shard, !shard.owns(path: name, drawing: 0) {
      let formats = forcedFormat.map { [$0] } ?? FormatCatalog.candidates(forFileName: name)
      // A file of one drawing another shard owns is not opened.
      if !formats.isEmpty, !formats.contains(where: \.descriptor.manyDrawingsPerFile) {
        record.outcome = .unread
        return record
      }
    }
    let data: Data
    do {
      let size = CorpusLoader.byteSize(url.path)
      if size > options.maxFileBytes {
        let error = FormatError(
          .limitExceeded, file: name, location: .file, field: "size",
          rule: "must be at most \(options.maxFileBytes) bytes (limit maxFileBytes)",
          value: String(size))
        result.rejected.append(error)
        return record.rejected(error)
      }
      data = try Data(contentsOf: url)
    } catch {
      let skip = Skipped(file: name, reason: "cannot be read: \(CorpusWalk.reason(error))")
      result.skipped.append(skip)
      return record.skipped(skip)
    }
    guard let format = forcedFormat ?? FormatCatalog.reader(forFileName: name, data: data) else {
      let claimed = FormatCatalog.candidates(forFileName: name).map(\.descriptor.name)
      let reason =
        claimed.isEmpty
        ? "no reader for this file type"
        : "its content shows no sign of \(claimed.joined(separator: " or ")), the format(s) of"
          + " its extension; not read"
      let skip = Skipped(file: name, reason: reason)
      result.skipped.append(skip)
      return record.skipped(skip)
    }
    do {
      var decoded: DecodeResult
      var hashed = data
      var indices: [Int]
      var warningDrawings: [Int?]
      if let shard, let selective = format as? any SelectiveStrokeFormat {
        // Set first: a rejection met on its own lines is a partial read's too.
        record.partial = true
        let part = try selective.decode(data, file: name, options: options) {
          shard.owns(path: name, drawing: $0)
        }
        (decoded, hashed, indices) = (part.result, part.bytesRead, part.indices)
        warningDrawings = part.warningDrawings.map { $0 }
        record.drawingsInFile = part.drawingsInFile
      } else {
        decoded = try format.decode(data, file: name, options: options)
        indices = Array(decoded.drawings.indices)
        warningDrawings = Array(repeating: nil, count: decoded.warnings.count)
        record.drawingsInFile = decoded.drawings.count
      }
      // Every reader counts stroke by stroke (`SampleRules.check`); this holds the limit
      // whatever path a reader took.
      let samples = decoded.drawings.reduce(0) {
        $0 + $1.sampleCount + $1.hover.reduce(0) { $0 + $1.samples.count }
      }
      try SampleRules(file: name, options: options).checkSampleTotal(samples)
      result.filesRead += 1
      result.unhashed.append((name, hashed))
      if !deferringChecksum { result.hashUnhashed() }
      record.format = format.descriptor.id
      record.samples = samples
      for (k, d) in decoded.drawings.enumerated() {
        if let shard, !record.partial, !shard.owns(path: name, drawing: indices[k]) { continue }
        result.drawings.append(d)
        result.formatIDs.append(format.descriptor.id)
        result.drawingIndices.append(indices[k])
        record.drawings.append(indices[k])
      }
      result.warnings += decoded.warnings
      record.warnings = zip(decoded.warnings, warningDrawings).map {
        ShardWarning(drawing: $1, text: $0.description)
      }
    } catch {
      result.rejected.append(error)
      return record.rejected(error)
    }
    return record
  }
}

extension ShardFileRecord {
  fileprivate func rejected(_ error: FormatError) -> ShardFileRecord {
    var r = self
    r.outcome = .rejected
    r.note = error.description
    r.errorLine = error.location.line
    r.drawings = []
    return r
  }

  fileprivate func skipped(_ skip: CorpusLoader.Skipped) -> ShardFileRecord {
    var r = self
    r.outcome = .skipped
    r.note = skip.reason
    return r
  }
}

/// FNV-1a 64-bit hash, continued from `seed`.
func fnv1a<C: Collection>(_ bytes: C, _ seed: UInt64) -> UInt64 where C.Element == UInt8 {
  var h = seed
  for b in bytes {
    h ^= UInt64(b)
    h = h &* 0x100_0000_01b3
  }
  return h
}

/// `fnv1a` over the bytes of `data`, read in place: the same hash, without stepping `Data`'s
/// iterator (a call per byte).
func fnv1a(_ data: Data, _ seed: UInt64) -> UInt64 {
  data.withUnsafeBytes { fnv1a($0, seed) }
}
