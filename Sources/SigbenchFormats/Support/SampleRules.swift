import SigbenchCore

/// The rules every reader applies the same way to converted samples, so that one drawing read
/// from any format obeys the same ranges.
///
/// The ranges are `InputEnvelope`'s (declared once in Core, with their reasons):
/// - positions: finite, magnitude ≤ `InputEnvelope.position` (100,000 CSS px ≈ 2.6 m), else
///   an error;
/// - pressure: finite, else an error; outside `InputEnvelope.pressure` ([0, 1]) clamped with a
///   warning;
/// - tilt, azimuth: finite, else an error; tilt outside `InputEnvelope.tilt` ([0, π/2])
///   clamped and azimuth outside `InputEnvelope.azimuth` ([0, 2π)) wrapped into it, with a
///   warning;
/// - time: finite after conversion and within `InputEnvelope.time` (|t| ≤ 1e10 s), else an
///   error; negative an error where the format states
///   times from the drawing's start (`rejectsNegativeTime`, the native formats; other readers
///   re-base their times so they start at 0); a time equal to or before the previous sample's
///   is repaired to the previous time plus `repairStep` (1 µs), with a warning (one per
///   stroke);
/// - limits: samples per stroke, strokes per file and samples per file (ink and hover
///   together, counted stroke by stroke as `check` sees them) from `DecodeOptions`.
public struct SampleRules: Sendable {
  public static let maxCoordinate = InputEnvelope.position.value
  public static let repairStep = 1e-6

  public var file: String
  public var options: DecodeOptions
  /// Whether a negative time is an error (formats whose times count from the drawing's start).
  public var rejectsNegativeTime = false
  public private(set) var warnings: [FormatWarning] = []
  /// Samples counted so far against `maxSamplesPerFile` (ink and hover).
  public private(set) var samplesCounted = 0

  public init(file: String, options: DecodeOptions) {
    self.file = file
    self.options = options
  }

  /// Checks one number, naming the field and the place on failure.
  public func finite(_ v: Double, field: String, at location: FileLocation) throws(FormatError)
    -> Double
  {
    guard v.isFinite else {
      throw FormatError(
        .invalidValue, file: file, location: location, field: field,
        rule: "must be a finite number",
        value: String(v))
    }
    return v
  }

  /// Checks one coordinate that is not a sample's (a ground-truth point): finite and within
  /// `InputEnvelope.position`, naming the field and the place on failure.
  public func position(_ v: Double, field: String, at location: FileLocation) throws(FormatError)
    -> Double
  {
    _ = try finite(v, field: field, at: location)
    guard InputEnvelope.position.admits(v) else {
      throw FormatError(
        .invalidValue, file: file, location: location, field: field,
        rule: InputEnvelope.position.rule, value: String(v))
    }
    return v
  }

  /// Checks a drawing's ground-truth point count against `InputEnvelope.truthPoints`, before
  /// the points are stored; `n` counts the lines read so far plus the next one.
  public func checkTruthPoints(_ n: Int, at location: FileLocation) throws(FormatError) {
    guard Double(n) <= InputEnvelope.truthPoints.value else {
      throw FormatError(
        .limitExceeded, file: file, location: location, field: "groundTruth",
        rule: InputEnvelope.truthPoints.rule, value: "at least \(n)")
    }
  }

  /// Validates and repairs one stroke in place. `locations[i]` names where sample `i` came
  /// from (may be shorter; the last one is reused).
  /// `counted`: the reader already counted this stroke's samples (`countSamples`) before
  /// decoding them.
  public mutating func check(
    _ stroke: inout Stroke, strokeIndex: Int, counted: Bool = false,
    locations: (Int) -> FileLocation
  ) throws(FormatError) {
    if !counted { try countSamples(stroke.samples.count, at: locations(0)) }
    guard stroke.samples.count <= options.maxSamplesPerStroke else {
      throw FormatError(
        .limitExceeded, file: file, location: locations(options.maxSamplesPerStroke),
        field: "stroke \(strokeIndex)",
        rule:
          "must have at most \(options.maxSamplesPerStroke) samples (limit maxSamplesPerStroke)",
        value: String(stroke.samples.count))
    }
    var clamped = 0
    var repaired = 0
    var anglesFixed = 0
    var lastTime: Double?
    for i in stroke.samples.indices {
      var s = stroke.samples[i]
      var changed = false
      // Both coordinates in one comparison on the fast path (NaN fails it too).
      if !(abs(s.x) <= SampleRules.maxCoordinate && abs(s.y) <= SampleRules.maxCoordinate) {
        for (name, v) in [("x", s.x), ("y", s.y)] {
          _ = try finite(v, field: name, at: locations(i))
          guard abs(v) <= SampleRules.maxCoordinate else {
            throw FormatError(
              .invalidValue, file: file, location: locations(i), field: name,
              rule: InputEnvelope.position.rule, value: String(v))
          }
        }
      }
      if let p = s.pressure {
        if !p.isFinite { _ = try finite(p, field: "pressure", at: locations(i)) }
        if !InputEnvelope.pressure.admits(p) {
          s.pressure = min(InputEnvelope.pressure.upper, max(InputEnvelope.pressure.lower, p))
          changed = true
          clamped += 1
        }
      }
      if let a = s.tilt {
        if !a.isFinite { _ = try finite(a, field: "tilt", at: locations(i)) }
        if !InputEnvelope.tilt.admits(a) {
          s.tilt = min(InputEnvelope.tilt.upper, max(InputEnvelope.tilt.lower, a))
          changed = true
          anglesFixed += 1
        }
      }
      if let a = s.azimuth {
        if !a.isFinite { _ = try finite(a, field: "azimuth", at: locations(i)) }
        if !InputEnvelope.azimuth.admits(a) {
          let turn = InputEnvelope.azimuth.upper
          var r = a.truncatingRemainder(dividingBy: turn)
          if r < 0 { r += turn }
          s.azimuth = r < turn ? r : 0
          changed = true
          anglesFixed += 1
        }
      }
      if let t = s.time {
        if !t.isFinite { _ = try finite(t, field: "time", at: locations(i)) }
        guard InputEnvelope.time.admits(t) else {
          throw FormatError(
            .invalidValue, file: file, location: locations(i), field: "time",
            rule: InputEnvelope.time.rule, value: String(t))
        }
        if rejectsNegativeTime && t < 0 {
          throw FormatError(
            .invalidValue, file: file, location: locations(i), field: "time",
            rule: "must be at least 0 (seconds from the drawing's start)", value: String(t))
        }
        if let last = lastTime, t <= last {
          // nextUp: at large magnitudes last + 1 µs rounds back to last.
          let moved = Swift.max(last + SampleRules.repairStep, last.nextUp)
          // A repair may not carry a time past the envelope (1e10 s twice would become
          // 1e10 + 1 µs): refused like a time read past it.
          guard InputEnvelope.time.admits(moved) else {
            throw FormatError(
              .invalidValue, file: file, location: locations(i), field: "time",
              rule: "repeated or backward, and the repair to the previous time + 1 µs ("
                + "\(moved)) " + InputEnvelope.time.rule, value: String(t))
          }
          s.time = moved
          changed = true
          repaired += 1
        }
        lastTime = s.time
      }
      if changed { stroke.samples[i] = s }
    }
    if clamped > 0 {
      warnings.append(
        FormatWarning(
          file: file, location: locations(0),
          message: "stroke \(strokeIndex): \(clamped) pressure value(s) outside [0, 1] clamped"))
    }
    if anglesFixed > 0 {
      warnings.append(
        FormatWarning(
          file: file, location: locations(0),
          message:
            "stroke \(strokeIndex): \(anglesFixed) tilt value(s) clamped to [0, π/2] or azimuth value(s) wrapped to [0, 2π)"
        ))
    }
    if repaired > 0 {
      warnings.append(
        FormatWarning(
          file: file, location: locations(0),
          message:
            "stroke \(strokeIndex): \(repaired) repeated or backward timestamp(s) repaired to previous + 1 µs"
        ))
    }
  }

  /// Adds `n` samples (one stroke's, ink or hover) to the file's count and checks it against
  /// `maxSamplesPerFile`; readers that know a stroke's length before decoding it call this
  /// first, so an oversized file is rejected before its samples are allocated.
  public mutating func countSamples(_ n: Int, at location: FileLocation) throws(FormatError) {
    samplesCounted += n
    try checkSampleTotal(samplesCounted, at: location, soFar: true)
  }

  /// Checks a file's total sample count (ink and hover) against `maxSamplesPerFile`; `soFar`:
  /// `n` counts the strokes read so far (the error then says "at least").
  public func checkSampleTotal(_ n: Int, at location: FileLocation = .file, soFar: Bool = false)
    throws(FormatError)
  {
    guard n <= options.maxSamplesPerFile else {
      throw FormatError(
        .limitExceeded, file: file, location: location, field: "samples",
        rule:
          "must number at most \(options.maxSamplesPerFile) in one file, hover included "
          + "(limit maxSamplesPerFile)",
        value: soFar ? "at least \(n)" : String(n))
    }
  }

  /// Checks the stroke count limit.
  public func checkStrokeCount(_ n: Int) throws(FormatError) {
    guard n <= options.maxStrokesPerFile else {
      throw FormatError(
        .limitExceeded, file: file, location: .file, field: "strokes",
        rule: "must number at most \(options.maxStrokesPerFile) (limit maxStrokesPerFile)",
        value: String(n))
    }
  }

  /// Checks the file size limit.
  public func checkFileSize(_ n: Int) throws(FormatError) {
    guard n <= options.maxFileBytes else {
      throw FormatError(
        .limitExceeded, file: file, location: .file, field: "size",
        rule: "must be at most \(options.maxFileBytes) bytes (limit maxFileBytes)", value: String(n)
      )
    }
  }
}

// MARK: Nominal scale (added for the XML/JSON readers)

extension SampleRules {
  /// Larger side, in CSS px, that a drawing with no stated physical resolution is scaled to
  /// (`DrawingMetadata.nominalScale`). About a signature's width on screen, so the algorithm
  /// constants given in CSS px (Uber's 2 pt and 50 pt, signature_pad's 5 px) act at a plausible
  /// scale.
  public static let nominalExtent = 500.0

  /// The uniform factor that makes the larger side of `bounds` equal `nominalExtent`; 1 when
  /// there are no bounds or they have no extent. Positions are scaled about the origin.
  /// Readers use `nominalScale(_:location:)`, which also checks the drawing.
  public static func nominalScaleFactor(bounds: Rect?) -> Double {
    guard let b = bounds else { return 1 }
    let side = max(b.size.width, b.size.height)
    guard side > 0, side.isFinite else { return 1 }
    return nominalExtent / side
  }

  /// How far one position may lie from the drawing's median, in multiples of the drawing's
  /// median spread, before the nominal scale would flatten the other points: at 10^6 the
  /// rest of the ink would span less than 0.0005 px once the larger side is 500 px.
  public static let maxSpreadRatio = 1e6

  /// Checks a drawing with no physical resolution and returns the scale that brings its larger
  /// side to `nominalExtent`. `location(stroke, sample)` names where a sample came from.
  ///
  /// Rejected, naming the value, the field (`x` or `y`) and the place:
  /// - an extent that overflows (`-1e308` and `1e308` in one drawing);
  /// - a position so far from the others that scaling the drawing would make them
  ///   indistinguishable: only when two consecutive distinct samples would end up less than
  ///   `nominalExtent / maxSpreadRatio` px apart is the drawing looked at closely, and it is
  ///   rejected when some position lies more than `maxSpreadRatio` times the median distance
  ///   of positions from their median (per axis, zero distances left out) from the median.
  /// An extent too small for `nominalExtent / side` to be finite (subnormal positions) is
  /// scaled by division instead, so it never turns into infinity or NaN.
  /// Complexity: O(samples); O(samples · log samples) for a drawing that needs the close look.
  public func nominalScale(
    _ strokes: [[Sample]], location: (_ stroke: Int, _ sample: Int) -> FileLocation
  ) throws(FormatError) -> NominalScale {
    var low = (Double.infinity, Double.infinity)
    var high = (-Double.infinity, -Double.infinity)
    var lowAt = [(0, 0), (0, 0)]
    var highAt = [(0, 0), (0, 0)]
    var minStep = Double.infinity
    for (k, samples) in strokes.enumerated() {
      var previous: Sample?
      for (j, s) in samples.enumerated() where s.x.isFinite && s.y.isFinite {
        if s.x < low.0 { (low.0, lowAt[0]) = (s.x, (k, j)) }
        if s.x > high.0 { (high.0, highAt[0]) = (s.x, (k, j)) }
        if s.y < low.1 { (low.1, lowAt[1]) = (s.y, (k, j)) }
        if s.y > high.1 { (high.1, highAt[1]) = (s.y, (k, j)) }
        if let p = previous {
          let step = Swift.max(abs(s.x - p.x), abs(s.y - p.y))
          if step > 0 { minStep = Swift.min(minStep, step) }
        }
        previous = s
      }
    }
    guard low.0 <= high.0 else { return NominalScale(side: 0) }
    let extents = [high.0 - low.0, high.1 - low.1]
    for axis in 0..<2 where !extents[axis].isFinite {
      let (lo, hi) = axis == 0 ? (low.0, high.0) : (low.1, high.1)
      let (value, at) = abs(hi) >= abs(lo) ? (hi, highAt[axis]) : (lo, lowAt[axis])
      throw FormatError(
        .invalidValue, file: file, location: location(at.0, at.1), field: axis == 0 ? "x" : "y",
        rule: "must keep the drawing's extent finite (\(lo) to \(hi) overflows; positions "
          + "without a physical unit are scaled so the ink is \(Int(SampleRules.nominalExtent)) px)",
        value: String(value))
    }
    let side = Swift.max(extents[0], extents[1])
    if side > 0, minStep.isFinite, side / minStep > SampleRules.maxSpreadRatio {
      try checkSpread(strokes, side: side, location: location)
    }
    return NominalScale(side: side)
  }

  /// The close look of `nominalScale`: median and median distance from it, per axis.
  private func checkSpread(
    _ strokes: [[Sample]], side: Double, location: (Int, Int) -> FileLocation
  ) throws(FormatError) {
    var values: [[Double]] = [[], []]
    for samples in strokes {
      for s in samples where s.x.isFinite && s.y.isFinite {
        values[0].append(s.x)
        values[1].append(s.y)
      }
    }
    var medians = [0.0, 0.0]
    var distances: [Double] = []
    for axis in 0..<2 {
      values[axis].sort()
      medians[axis] = values[axis][(values[axis].count - 1) / 2]
      for v in values[axis] where v != medians[axis] { distances.append(abs(v - medians[axis])) }
    }
    guard !distances.isEmpty else { return }
    distances.sort()
    let spread = distances[(distances.count - 1) / 2]
    var worst: (distance: Double, axis: Int, value: Double, at: (Int, Int)) = (0, 0, 0, (0, 0))
    for (k, samples) in strokes.enumerated() {
      for (j, s) in samples.enumerated() where s.x.isFinite && s.y.isFinite {
        for (axis, v) in [s.x, s.y].enumerated() {
          let d = abs(v - medians[axis])
          if d > worst.distance { worst = (d, axis, v, (k, j)) }
        }
      }
    }
    guard worst.distance > SampleRules.maxSpreadRatio * spread else { return }
    let limit = Int(SampleRules.maxSpreadRatio)
    throw FormatError(
      .invalidValue, file: file, location: location(worst.at.0, worst.at.1),
      field: worst.axis == 0 ? "x" : "y",
      rule: "must lie within \(limit) × the drawing's median spread (\(spread)) of its median "
        + "(\(medians[worst.axis])); positions without a physical unit are scaled so the ink is "
        + "\(Int(SampleRules.nominalExtent)) px, and this one would flatten the other points",
      value: String(worst.value))
  }

  /// The note a reader adds when it applied `factor` for lack of a physical resolution.
  public static func nominalScaleNote(factor: Double, units: String) -> String {
    "no physical resolution (\(units)): positions scaled by \(factor) so the larger side of "
      + "the ink is \(Int(nominalExtent)) CSS px (nominal, not physical)"
  }
}

/// The scale `SampleRules.nominalScale` chose: the larger side of the ink becomes
/// `SampleRules.nominalExtent` CSS px, about the origin.
public struct NominalScale: Sendable, Hashable {
  /// The larger side of the unscaled ink (0: a single point, left unscaled).
  public var side: Double

  public init(side: Double) { self.side = side }

  /// `nominalExtent / side`; 1 for no extent. Infinite when `side` is subnormal, and then
  /// `apply` divides instead.
  public var factor: Double { side > 0 ? SampleRules.nominalExtent / side : 1 }

  /// One coordinate, scaled.
  @inline(__always) public func apply(_ v: Double) -> Double {
    let f = factor
    return f.isFinite ? v * f : v / side * SampleRules.nominalExtent
  }
}
