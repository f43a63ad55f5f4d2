import SigbenchCore

/// The rules every reader applies the same way to converted samples, so that one drawing read
/// from any format obeys the same ranges.
///
/// - positions: finite, magnitude ≤ `maxCoordinate` (1e7 CSS px ≈ 100 m), else an error;
/// - pressure: finite, else an error; outside [0, 1] clamped with a warning;
/// - tilt, azimuth: finite, else an error; tilt outside [0, π/2] clamped and azimuth outside
///   [0, 2π) wrapped into it, with a warning (the ranges `Sample` documents);
/// - time: finite and ≥ 0 after conversion, else an error; a time equal to or before the
///   previous sample's is repaired to the previous time plus `repairStep` (1 µs), with a
///   warning (one per stroke);
/// - limits: samples per stroke and strokes per file from `DecodeOptions`.
public struct SampleRules: Sendable {
  public static let maxCoordinate = 1e7
  public static let repairStep = 1e-6

  public var file: String
  public var options: DecodeOptions
  public private(set) var warnings: [FormatWarning] = []

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

  /// Validates and repairs one stroke in place. `locations[i]` names where sample `i` came
  /// from (may be shorter; the last one is reused).
  public mutating func check(
    _ stroke: inout Stroke, strokeIndex: Int, locations: (Int) -> FileLocation
  ) throws(FormatError) {
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
              rule: "must be at most \(Int(SampleRules.maxCoordinate)) px from the origin",
              value: String(v))
          }
        }
      }
      if let p = s.pressure {
        if !p.isFinite { _ = try finite(p, field: "pressure", at: locations(i)) }
        if p < 0 || p > 1 {
          s.pressure = min(1, max(0, p))
          changed = true
          clamped += 1
        }
      }
      if let a = s.tilt {
        if !a.isFinite { _ = try finite(a, field: "tilt", at: locations(i)) }
        if a < 0 || a > Double.pi / 2 {
          s.tilt = min(Double.pi / 2, max(0, a))
          changed = true
          anglesFixed += 1
        }
      }
      if let a = s.azimuth {
        if !a.isFinite { _ = try finite(a, field: "azimuth", at: locations(i)) }
        if a < 0 || a >= 2 * Double.pi {
          var r = a.truncatingRemainder(dividingBy: 2 * Double.pi)
          if r < 0 { r += 2 * Double.pi }
          s.azimuth = r < 2 * Double.pi ? r : 0
          changed = true
          anglesFixed += 1
        }
      }
      if let t = s.time {
        if !t.isFinite { _ = try finite(t, field: "time", at: locations(i)) }
        if let last = lastTime, t <= last {
          // nextUp: at large magnitudes last + 1 µs rounds back to last.
          s.time = Swift.max(last + SampleRules.repairStep, last.nextUp)
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
  public static func nominalScaleFactor(bounds: Rect?) -> Double {
    guard let b = bounds else { return 1 }
    let side = max(b.size.width, b.size.height)
    guard side > 0, side.isFinite else { return 1 }
    return nominalExtent / side
  }

  /// The note a reader adds when it applied `factor` for lack of a physical resolution.
  public static func nominalScaleNote(factor: Double, units: String) -> String {
    "no physical resolution (\(units)): positions scaled by \(factor) so the larger side of "
      + "the ink is \(Int(nominalExtent)) CSS px (nominal, not physical)"
  }
}
