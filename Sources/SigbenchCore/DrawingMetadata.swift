/// What is known about where a drawing came from and how it was converted.
public struct DrawingMetadata: Hashable, Codable, Sendable {
  /// Data set or program that produced the file (for example "SVC2004 Task 2").
  public var source: String?
  /// Capture device (for example "WACOM Intuos tablet").
  public var device: String?
  /// Nominal sample rate in Hz as stated by the source or estimated by the reader.
  public var sampleRate: Double?
  /// The file's native position unit before conversion (for example "mm", "tablet units",
  /// "css-px").
  public var nativeUnits: String
  /// True when the source states no physical resolution and positions were scaled to a nominal
  /// size instead; positions are then only proportional, not physical.
  public var nominalScale: Bool
  /// Licence of the recording (SPDX id or text).
  public var licence: String?
  /// Who made the recording and how to credit them.
  public var attribution: String?
  /// Free-form notes, including every conversion decision a reader took.
  public var notes: [String]

  public init(
    source: String? = nil, device: String? = nil, sampleRate: Double? = nil,
    nativeUnits: String = "css-px", nominalScale: Bool = false, licence: String? = nil,
    attribution: String? = nil, notes: [String] = []
  ) {
    self.source = source
    self.device = device
    self.sampleRate = sampleRate
    self.nativeUnits = nativeUnits
    self.nominalScale = nominalScale
    self.licence = licence
    self.attribution = attribution
    self.notes = notes
  }
}

/// The dense true centreline of each ink stroke, for accuracy metrics. Index `i` belongs to
/// `Drawing.strokes[i]`. Positions in CSS px.
public struct GroundTruth: Hashable, Codable, Sendable {
  public var strokes: [[Point]]
  public init(strokes: [[Point]]) { self.strokes = strokes }
}
