import SigbenchCore

/// What a shard run (`run --shard I/N`) was: recorded in its `result.json` (`RunContents.shard`)
/// so the sheet says so, the history leaves it out and `merge` can check it.
public struct ShardInfo: Codable, Hashable, Sendable {
  /// 1…count.
  public var index: Int
  public var count: Int
  /// SHA-256 (hex) of the corpus's file list: every file's corpus-relative path and size in
  /// bytes, in the corpus order (`stat` only). Weaker than a content checksum: a file edited
  /// in place to the same size keeps the digest.
  public var manifestDigest: String
  /// Files and bytes the manifest lists.
  public var manifestFiles: Int
  public var manifestBytes: Int
  /// FNV-1a 64 (hex) over what this shard read, in corpus order: each file's relative path,
  /// then its bytes (a whole file), or only the lines of the drawings it owns (an ndjson file).
  public var contentChecksum: String
  /// Drawings this shard owns and read.
  public var drawings: Int
  /// Other shards' drawings in the files it opened (parsed and dropped, or passed over
  /// unparsed in an ndjson file).
  public var drawingsPassedOver: Int
  /// One-drawing files another shard owns, left unread.
  public var filesUnread: Int
  /// Whether the shard drew pictures and sample pages (not `--no-render`).
  public var pictures: Bool

  public init(
    index: Int, count: Int, manifestDigest: String, manifestFiles: Int, manifestBytes: Int,
    contentChecksum: String, drawings: Int, drawingsPassedOver: Int, filesUnread: Int,
    pictures: Bool
  ) {
    self.pictures = pictures
    self.index = index
    self.count = count
    self.manifestDigest = manifestDigest
    self.manifestFiles = manifestFiles
    self.manifestBytes = manifestBytes
    self.contentChecksum = contentChecksum
    self.drawings = drawings
    self.drawingsPassedOver = drawingsPassedOver
    self.filesUnread = filesUnread
  }

  /// `I/N`.
  public var spec: String { "\(index)/\(count)" }
}

/// `shard.json`, beside a shard run's `result.json`: what `merge` needs to rebuild the whole
/// corpus's summary in corpus order. The per-drawing figures are in `shard-drawings.bin`
/// (`ShardDrawingRecord`, one record per drawing in the order of `result.json`'s samples,
/// `ShardDrawingCodec`).
public struct ShardLedger: Codable, Hashable, Sendable {
  public static let currentSchemaVersion = 1
  public static let fileName = "shard.json"
  public static let drawingsFileName = "shard-drawings.bin"

  public var schemaVersion = ShardLedger.currentSchemaVersion
  public var info: ShardInfo
  /// What the corpus walk left out (the same in every shard).
  public var walkSkipped: [FileNote]
  /// Every file of the corpus, in corpus order (its ordinal is its place here).
  public var names: [String]
  /// What this shard did with each file it opened (read, skipped or rejected), in corpus order;
  /// a file not listed was left unread (a one-drawing file of another shard).
  public var files: [ShardFileRecord]

  public init(
    info: ShardInfo, walkSkipped: [FileNote], names: [String], files: [ShardFileRecord]
  ) {
    self.info = info
    self.walkSkipped = walkSkipped
    self.names = names
    self.files = files.filter { $0.outcome != .unread }
  }
}

/// One file of the corpus as one shard saw it.
public struct ShardFileRecord: Codable, Hashable, Sendable {
  public enum Outcome: String, Codable, Sendable {
    /// Decoded (wholly, or only the owned lines when `partial`).
    case read
    /// A one-drawing file another shard owns: not opened.
    case unread
    /// Not a supported file (the reason in `note`).
    case skipped
    /// Malformed (the error in `note`).
    case rejected
  }

  /// Position in the corpus order (0-based).
  public var ordinal: Int
  /// Corpus-relative path.
  public var name: String
  public var outcome: Outcome
  /// The format that read it.
  public var format: String?
  /// The owned drawings read, by index in the file.
  public var drawings: [Int]
  /// Drawings in the whole file, when it was opened and read.
  public var drawingsInFile: Int?
  /// Only the owned drawings were parsed (an ndjson file): errors and warnings of the other
  /// lines were not seen here.
  public var partial: Bool
  /// The skip reason, or the rejection's text.
  public var note: String?
  /// The rejection's line, when it names one (the first bad line over every shard is the
  /// single run's error).
  public var errorLine: Int?
  /// Samples (ink and hover) of the drawings read: a partial read's share of the file's total.
  public var samples: Int
  /// The reader's warnings, in its order; each tied to its drawing on a partial read.
  public var warnings: [ShardWarning]

  public init(ordinal: Int, name: String, outcome: Outcome) {
    self.ordinal = ordinal
    self.name = name
    self.outcome = outcome
    drawings = []
    partial = false
    samples = 0
    warnings = []
  }
}

/// A reader's warning, as the run's corpus summary prints it.
public struct ShardWarning: Codable, Hashable, Sendable {
  /// The drawing (index in its file) the warning is about, on a partial read.
  public var drawing: Int?
  public var text: String
  public init(drawing: Int?, text: String) {
    self.drawing = drawing
    self.text = text
  }
}

/// One drawing's record in `shard-drawings.bin`: where it is in the corpus, its figures per
/// strategy (in the order of `result.json`'s strategies) and the motion it samples, if any.
public struct ShardDrawingRecord: Hashable, Sendable {
  /// The file's ordinal and the drawing's index in it.
  public var file: Int
  public var drawing: Int
  public var figures: [QualityFigures]
  public var motion: String?
  public var rate: Double?

  public init(file: Int, drawing: Int, figures: [QualityFigures], motion: MotionKey?) {
    self.file = file
    self.drawing = drawing
    self.figures = figures
    self.motion = motion?.motion
    self.rate = motion?.rate
  }

  public var motionKey: MotionKey? {
    guard let motion, let rate else { return nil }
    return MotionKey(motion: motion, rate: rate)
  }
}
