import Foundation
import SigbenchCore

/// A file format sigbench can read (and maybe write).
///
/// Readers convert the file's native units to the internal ones once (CSS px, seconds from the
/// drawing's start, pressure in [0, 1], radians) and never trap: every path that depends on
/// the input throws a `FormatError`.
public protocol StrokeFormat: Sendable {
  var descriptor: FormatDescriptor { get }

  /// True when `data` looks like this format (a cheap check of the first bytes). Used together
  /// with the file extension to pick a reader.
  func sniff(_ data: Data) -> Bool

  /// True unless `data` shows no sign at all of this format (for a text table: its first line
  /// is not a row count): such a file only shares the extension (a README.txt, notes) and is
  /// skipped as unsupported, while a file that starts as the format and breaks later is read
  /// and rejected as malformed. Default: true (a distinctive extension is sign enough).
  func showsSign(_ data: Data) -> Bool

  /// Reads every drawing in `data`. `file` names the source in errors and drawing names.
  func decode(_ data: Data, file: String, options: DecodeOptions) throws(FormatError)
    -> DecodeResult

  /// Writes one drawing. Formats that cannot be written throw `FormatError` of kind
  /// `.unsupportedVersion` with field "format"; `descriptor.canWrite` tells in advance.
  func encode(_ drawing: Drawing) throws(FormatError) -> Data
}

extension StrokeFormat {
  public func showsSign(_ data: Data) -> Bool { true }

  public func encode(_ drawing: Drawing) throws(FormatError) -> Data {
    throw FormatError(
      .unsupportedVersion, file: drawing.name, location: .file, field: "format",
      rule: "has no writer for \(descriptor.id)", value: descriptor.id)
  }
}

/// What a format is: id, extensions, whether it can be written, its native units.
public struct FormatDescriptor: Sendable, Hashable {
  /// Short stable id (`native`, `inkml`, `svc2004`).
  public var id: String
  /// Human name.
  public var name: String
  /// Lower-case extensions without the dot, most specific first (`sigbench.json`, `json`).
  public var extensions: [String]
  public var canWrite: Bool
  /// Native position unit and how it is converted.
  public var units: String
  /// One line for listings.
  public var summary: String
  /// Whether one file may hold several drawings. When false, a file is one drawing (index 0),
  /// so a shard that does not own drawing 0 of a file leaves it unread (`--shard`).
  public var manyDrawingsPerFile: Bool

  public init(
    id: String, name: String, extensions: [String], canWrite: Bool, units: String,
    summary: String, manyDrawingsPerFile: Bool = false
  ) {
    self.id = id
    self.name = name
    self.extensions = extensions
    self.canWrite = canWrite
    self.units = units
    self.summary = summary
    self.manyDrawingsPerFile = manyDrawingsPerFile
  }
}

/// Limits and overrides every reader honours. The count limits default to `InputEnvelope`'s
/// bounds; a caller may lower them (tests do), never raise them past what later stages handle.
public struct DecodeOptions: Sendable, Hashable {
  /// Largest file accepted, bytes. Default 64 MiB.
  public var maxFileBytes: Int = 64 << 20
  /// Most samples in one stroke. Default 1,000,000 (`InputEnvelope.samplesPerStroke`).
  public var maxSamplesPerStroke = Int(InputEnvelope.samplesPerStroke.value)
  /// Most strokes in one file. Default 100,000 (`InputEnvelope.strokesPerFile`).
  public var maxStrokesPerFile = Int(InputEnvelope.strokesPerFile.value)
  /// Most samples in one file, ink and hover together. Default 2,000,000: with the per-stroke
  /// and per-file stroke limits alone, one 64 MB file could hold 32 strokes of 1,000,000
  /// samples (15 GB for a run, 2.6 GB for `info`).
  public var maxSamplesPerFile = Int(InputEnvelope.samplesPerFile.value)
  /// Overrides a reader's decision on native units, where it has to guess ("mm", "device").
  public var unitsOverride: String?

  public init() {}

  /// Whether `unit` can be given as `unitsOverride`: a physical length unit a reader converts
  /// (mm, cm, in, pt, pc, px, himetric, …).
  public static func isKnownUnit(_ unit: String) -> Bool {
    InkMLUnits.pxPerLengthUnit(unit) != nil
  }
}

/// The drawings read from one file, plus what the reader repaired or decided.
/// A format whose files hold many drawings and that can read some of them without parsing the
/// others (`--shard`: a shard parses only the drawings it owns).
public protocol SelectiveStrokeFormat: StrokeFormat {
  /// Reads the drawings (0-based, in file order) `keep` accepts. Every drawing read gets the
  /// name, errors and warnings a whole read gives it; errors in drawings not read are not seen.
  func decode(_ data: Data, file: String, options: DecodeOptions, keeping keep: (Int) -> Bool)
    throws(FormatError) -> SelectiveDecode
}

/// What a selective read found.
public struct SelectiveDecode: Sendable {
  /// The drawings read, and the warnings about them.
  public var result: DecodeResult
  /// Each drawing's index in its file (same order as `result.drawings`).
  public var indices: [Int] = []
  /// Each warning's drawing index (same order as `result.warnings`).
  public var warningDrawings: [Int] = []
  /// Drawings in the whole file, read or not.
  public var drawingsInFile = 0
  /// The bytes of the drawings read, in file order (what a shard's checksum covers).
  public var bytesRead = Data()

  public init(result: DecodeResult) { self.result = result }
}

public struct DecodeResult: Sendable {
  public var drawings: [Drawing]
  public var warnings: [FormatWarning]
  public init(drawings: [Drawing], warnings: [FormatWarning] = []) {
    self.drawings = drawings
    self.warnings = warnings
  }
}
