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
///
/// A merge reads one record per opened file of every shard, so the ledger is written to decode
/// fast (schema 2; version 1 wrote every member of every record): a record is written without
/// its name (`names[ordinal]` gives it) and without the members that hold their defaults, and
/// the common record, a file of one drawing read whole, is written only as its ordinal, format,
/// samples and warnings' texts in the four lists of `oneDrawing`.
public struct ShardLedger: Codable, Hashable, Sendable {
  public static let currentSchemaVersion = 2
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

  enum CodingKeys: String, CodingKey {
    case schemaVersion, info, walkSkipped, names, files, oneDrawing
  }

  /// The records of files of one drawing read whole without a note, as lists of one value a
  /// file: ordinal, format, samples, and the reader's warnings (texts; a whole read ties none
  /// to a drawing).
  struct OneDrawingFiles: Codable {
    var ordinals: [Int] = []
    var formats: [String] = []
    var samples: [Int] = []
    var warnings: [[String]] = []

    /// Whether `r` is such a record.
    static func holds(_ r: ShardFileRecord) -> Bool {
      r.outcome == .read && r.format != nil && r.drawings == [0] && r.drawingsInFile == 1
        && !r.partial && r.note == nil && r.errorLine == nil
        && r.warnings.allSatisfy { $0.drawing == nil }
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(schemaVersion, forKey: .schemaVersion)
    try c.encode(info, forKey: .info)
    try c.encode(walkSkipped, forKey: .walkSkipped)
    try c.encode(names, forKey: .names)
    var one = OneDrawingFiles()
    var other: [ShardFileRecord] = []
    for r in files {
      if OneDrawingFiles.holds(r), let format = r.format {
        one.ordinals.append(r.ordinal)
        one.formats.append(format)
        one.samples.append(r.samples)
        one.warnings.append(r.warnings.map(\.text))
      } else {
        other.append(r)
      }
    }
    try c.encode(other, forKey: .files)
    try c.encode(one, forKey: .oneDrawing)
  }

  /// Under this key, `true` in a decoder's `userInfo` reads a ledger without its names
  /// (`names` and every record's `name` empty): `merge` reads the names of one shard only, the
  /// manifest digest having shown every shard's list to be the same.
  public static let withoutNames = CodingUserInfoKey(rawValue: "sigbench.ledger.withoutNames")!

  /// Reads a ledger of this schema; each file's name is taken from `names`.
  public init(from decoder: any Decoder) throws {
    let skipNames = decoder.userInfo[Self.withoutNames] as? Bool == true
    let c = try decoder.container(keyedBy: CodingKeys.self)
    schemaVersion = try c.decode(Int.self, forKey: .schemaVersion)
    guard schemaVersion == Self.currentSchemaVersion else {
      throw DecodingError.dataCorruptedError(
        forKey: .schemaVersion, in: c,
        debugDescription:
          "ledger schema \(schemaVersion); this build reads \(Self.currentSchemaVersion) "
          + "(run the shard again with this build)")
    }
    info = try c.decode(ShardInfo.self, forKey: .info)
    walkSkipped = try c.decode([FileNote].self, forKey: .walkSkipped)
    names = skipNames ? [] : try c.decode([String].self, forKey: .names)
    let fileCount = info.manifestFiles
    guard skipNames || names.count == fileCount else {
      throw DecodingError.dataCorruptedError(
        forKey: .names, in: c,
        debugDescription: "\(names.count) names for the manifest's \(fileCount) files")
    }
    let other = try c.decode([ShardFileRecord].self, forKey: .files)
    let one = try c.decode(OneDrawingFiles.self, forKey: .oneDrawing)
    guard one.formats.count == one.ordinals.count, one.samples.count == one.ordinals.count,
      one.warnings.count == one.ordinals.count
    else {
      throw DecodingError.dataCorruptedError(
        forKey: .oneDrawing, in: c,
        debugDescription:
          "\(one.ordinals.count) ordinals, \(one.formats.count) formats, "
          + "\(one.samples.count) sample counts and \(one.warnings.count) warning lists: one of "
          + "each a file")
    }
    // Each list is in corpus order (ascending ordinals within the corpus): merged by ordinal.
    for (field, ordinals) in [
      ("files", other.map(\.ordinal)), ("oneDrawing.ordinals", one.ordinals),
    ] {
      for (i, k) in ordinals.enumerated() {
        guard k >= 0, k < fileCount else {
          throw DecodingError.dataCorruptedError(
            forKey: .files, in: c,
            debugDescription:
              "\(field)[\(i)]: ordinal \(k); the corpus has \(fileCount) files (0…\(fileCount - 1))"
          )
        }
        guard i == 0 || ordinals[i - 1] < k else {
          throw DecodingError.dataCorruptedError(
            forKey: .files, in: c,
            debugDescription:
              "\(field)[\(i)]: ordinal \(k) after \(ordinals[i - 1]); files are in corpus order")
        }
      }
    }
    files = []
    files.reserveCapacity(other.count + one.ordinals.count)
    var (i, j) = (0, 0)
    while i < other.count || j < one.ordinals.count {
      if j == one.ordinals.count || (i < other.count && other[i].ordinal < one.ordinals[j]) {
        files.append(other[i])
        i += 1
      } else {
        var r = ShardFileRecord(ordinal: one.ordinals[j], name: "", outcome: .read)
        r.format = one.formats[j]
        r.drawings = [0]
        r.drawingsInFile = 1
        r.samples = one.samples[j]
        r.warnings = one.warnings[j].map { ShardWarning(drawing: nil, text: $0) }
        files.append(r)
        j += 1
      }
    }
    if !skipNames { for i in files.indices { files[i].name = names[files[i].ordinal] } }
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

  enum CodingKeys: String, CodingKey {
    case ordinal, outcome, format, drawings, drawingsInFile, partial, note, errorLine, samples,
      warnings
  }

  /// Reads a record as `ShardLedger` writes it: no name (the ledger sets it), and the members
  /// at their defaults (no drawings, not partial, no samples, no warnings, no format, note or
  /// line) left out.
  public init(from decoder: any Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    ordinal = try c.decode(Int.self, forKey: .ordinal)
    name = ""
    outcome = try c.decode(Outcome.self, forKey: .outcome)
    format = try c.decodeIfPresent(String.self, forKey: .format)
    drawings = try c.decodeIfPresent([Int].self, forKey: .drawings) ?? []
    drawingsInFile = try c.decodeIfPresent(Int.self, forKey: .drawingsInFile)
    partial = try c.decodeIfPresent(Bool.self, forKey: .partial) ?? false
    note = try c.decodeIfPresent(String.self, forKey: .note)
    errorLine = try c.decodeIfPresent(Int.self, forKey: .errorLine)
    samples = try c.decodeIfPresent(Int.self, forKey: .samples) ?? 0
    warnings = try c.decodeIfPresent([ShardWarning].self, forKey: .warnings) ?? []
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(ordinal, forKey: .ordinal)
    try c.encode(outcome, forKey: .outcome)
    try c.encodeIfPresent(format, forKey: .format)
    if !drawings.isEmpty { try c.encode(drawings, forKey: .drawings) }
    try c.encodeIfPresent(drawingsInFile, forKey: .drawingsInFile)
    if partial { try c.encode(partial, forKey: .partial) }
    try c.encodeIfPresent(note, forKey: .note)
    try c.encodeIfPresent(errorLine, forKey: .errorLine)
    if samples != 0 { try c.encode(samples, forKey: .samples) }
    if !warnings.isEmpty { try c.encode(warnings, forKey: .warnings) }
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
  /// The drawing's entry in `result.json`'s samples when it is plain (`SampleEntry.isPlain`:
  /// no picture, page, ink comparison or failure, as in every run without pictures), so that
  /// `merge` need not decode the JSON entry to know it; `nil` otherwise.
  public var entry: SampleEntry?

  public init(
    file: Int, drawing: Int, figures: [QualityFigures], motion: MotionKey?,
    entry: SampleEntry? = nil
  ) {
    self.file = file
    self.drawing = drawing
    self.figures = figures
    self.motion = motion?.motion
    self.rate = motion?.rate
    self.entry = entry.flatMap { $0.isPlain ? $0 : nil }
  }

  public var motionKey: MotionKey? {
    guard let motion, let rate else { return nil }
    return MotionKey(motion: motion, rate: rate)
  }
}

extension SampleEntry {
  /// Names no file and carries no failure: no raw image, strategy images, page or ink
  /// comparison, and no failed stage. Such an entry is its text fields, counts and metadata
  /// alone (what `ShardDrawingCodec` stores).
  public var isPlain: Bool {
    rawImage.isEmpty && images.isEmpty && page == nil && inkDiff == nil && failures == nil
  }
}
