/// The figures of the format study and of the decode bench (computed in SigbenchFormats,
/// `FormatStudy` and `FormatDecodeBench`), as result types the presenters read.

/// One format's figures.
public struct FormatStudyRow: Codable, Sendable, Hashable {
  public var formatID: String
  public var formatName: String
  /// Drawings written and read back without error.
  public var drawings: Int
  /// Ink and hover samples in those drawings.
  public var samples: Int
  public var bytes: Int
  public var gzipBytes: Int
  public var bytesPerSample: Double
  public var gzipBytesPerSample: Double
  /// Median time of one encode pass over all drawings (`encodeTiming`) ÷ samples, ns.
  public var encodeNsPerSample: Double
  /// Median time of one decode pass over all file images (`decodeTiming`) ÷ samples, ns.
  public var decodeNsPerSample: Double
  /// How the encode and decode passes were timed (the closure harness: warm-up, runs,
  /// percentiles per pass, ns); `nil` in files written before the harness.
  public var encodeTiming: ClosureTiming?
  public var decodeTiming: ClosureTiming?
  /// Worst distance between a decoded and an original position, CSS px.
  public var maxPositionError: Double
  /// Worst time difference, s; `nil` when no timed sample survived.
  public var maxTimeError: Double?
  /// Worst pressure difference; `nil` when no sample with pressure survived.
  public var maxPressureError: Double?
  /// Channels present in the input but missing after the round trip ("t", "pressure", …).
  public var lostChannels: [String]
  /// Drawings whose trace or sample counts changed.
  public var shapeMismatches: Int
  /// Why drawings failed to encode or decode (first 5).
  public var failures: [String]

  public init(
    formatID: String, formatName: String, drawings: Int, samples: Int, bytes: Int, gzipBytes: Int,
    bytesPerSample: Double, gzipBytesPerSample: Double, encodeNsPerSample: Double,
    decodeNsPerSample: Double, maxPositionError: Double, maxTimeError: Double? = nil,
    maxPressureError: Double? = nil, lostChannels: [String], shapeMismatches: Int,
    failures: [String]
  ) {
    self.formatID = formatID
    self.formatName = formatName
    self.drawings = drawings
    self.samples = samples
    self.bytes = bytes
    self.gzipBytes = gzipBytes
    self.bytesPerSample = bytesPerSample
    self.gzipBytesPerSample = gzipBytesPerSample
    self.encodeNsPerSample = encodeNsPerSample
    self.decodeNsPerSample = decodeNsPerSample
    self.maxPositionError = maxPositionError
    self.maxTimeError = maxTimeError
    self.maxPressureError = maxPressureError
    self.lostChannels = lostChannels
    self.shapeMismatches = shapeMismatches
    self.failures = failures
  }
}

/// The study over all formats.
public struct FormatStudyResult: Codable, Sendable, Hashable {
  public var drawings: Int
  public var samples: Int
  /// Timed passes per format and direction.
  public var repetitions: Int
  public var rows: [FormatStudyRow]
  /// The clock the passes were timed with; `nil` in files written before the harness.
  public var timer: TimerCalibration?
  /// Tool, build, machine and time of the measurement (in the results file); `nil` before.
  public var context: TimingContext?

  public init(
    drawings: Int, samples: Int, repetitions: Int, rows: [FormatStudyRow]
  ) {
    self.drawings = drawings
    self.samples = samples
    self.repetitions = repetitions
    self.rows = rows
  }
}

/// One format's (or Quick Draw variant's) figures.
public struct DecodeBenchRow: Codable, Sendable, Hashable {
  /// `formatID`, or `quickdraw-raw` / `quickdraw-simplified`.
  public var id: String
  public var formatID: String
  public var formatName: String
  /// Where the inputs came from: "files", "encoded" (written from the corpus drawings by
  /// this format's writer, or synthesised for IAM-OnDB), or both ("files+encoded").
  public var input: String
  /// Input files decoded without error (the rejected ones are in `failures`).
  public var files: Int
  public var bytes: Int
  /// Ink and hover samples decoded from those files.
  public var samples: Int
  public var drawings: Int
  /// Median time of one pass over all files (`timing`), s.
  public var medianSeconds: Double
  /// 10⁶ bytes per second of the median pass.
  public var megabytesPerSecond: Double
  public var nsPerSample: Double
  /// The minimum decode speed set for this format (`target(forRow:)`), MB/s; `nil` where
  /// none is set.
  public var targetMegabytesPerSecond: Double?
  /// Whether `megabytesPerSecond` reaches the target; `nil` without a target.
  public var met: Bool?
  /// Files that failed to decode (first 5).
  public var failures: [String]
  /// How the passes were timed (the closure harness: warm-up, runs, percentiles per pass, ns);
  /// `nil` in files written before the harness.
  public var timing: ClosureTiming?

  public init(
    id: String, formatID: String, formatName: String, input: String, files: Int, bytes: Int,
    samples: Int, drawings: Int, medianSeconds: Double, megabytesPerSecond: Double,
    nsPerSample: Double, targetMegabytesPerSecond: Double? = nil, met: Bool? = nil,
    failures: [String]
  ) {
    self.id = id
    self.formatID = formatID
    self.formatName = formatName
    self.input = input
    self.files = files
    self.bytes = bytes
    self.samples = samples
    self.drawings = drawings
    self.medianSeconds = medianSeconds
    self.megabytesPerSecond = megabytesPerSecond
    self.nsPerSample = nsPerSample
    self.targetMegabytesPerSecond = targetMegabytesPerSecond
    self.met = met
    self.failures = failures
  }
}

/// The figures for every format with input, and the formats that had none.
public struct DecodeBenchResult: Codable, Sendable, Hashable {
  public var repetitions: Int
  public var rows: [DecodeBenchRow]
  /// Row ids that had no input at all (no file of theirs and no writer to make one).
  public var withoutInput: [String]
  /// The clock the passes were timed with; `nil` in files written before the harness.
  public var timer: TimerCalibration?
  /// Tool, build, machine and time of the measurement (in the results file); `nil` before.
  public var context: TimingContext?

  public init(
    repetitions: Int, rows: [DecodeBenchRow], withoutInput: [String]
  ) {
    self.repetitions = repetitions
    self.rows = rows
    self.withoutInput = withoutInput
  }
}
