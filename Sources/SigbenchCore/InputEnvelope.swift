/// The ranges every stage after the readers handles: what a reader may let through. A value
/// outside is malformed input, refused by the reader that meets it (naming the file, the place,
/// the field, this bound and the value); a value inside must be handled by every strategy,
/// metric, renderer and writer without a trap and in bounded memory.
///
/// Pressure and angles have ranges a reader clamps or wraps into instead of refusing
/// (`channels`, `InputEnvelope+Channels.swift`); time steps are bounded by `time` and, within a
/// stroke, positive (a repeated or backward time is repaired to the previous + 1 µs, never past
/// `time`).
///
/// Declared once here, with each bound's reason, and read by the readers' limits
/// (`DecodeOptions`, `SampleRules`), `resample`, the ground-truth readers, the canvas options
/// and the reads of files sigbench wrote (`BoundedRead`), and listed by `bounds` for docs and
/// tests. Not yet held to it: `synth` and the capture page.
public enum InputEnvelope {
  /// One bound: its name, value, unit and why it is where it is.
  public struct Bound: Sendable, Hashable {
    /// What is bounded, as an error message says it ("position").
    public var name: String
    /// The largest value allowed (for magnitudes: of the absolute value).
    public var value: Double
    /// Unit of `value` ("CSS px", "s", "samples", …).
    public var unit: String
    /// Why the bound is there, one sentence.
    public var reason: String
    /// Whether `value` bounds a signed quantity's magnitude (positions, times) rather than a
    /// count.
    public var isMagnitude = false

    /// The bound as a rule for an error message: "must be at most 100000 CSS px in magnitude
    /// (…)".
    public var rule: String {
      let v = value == value.rounded() && value < 1e15 ? String(Int(value)) : String(value)
      return "must be at most \(v) \(unit)\(isMagnitude ? " in magnitude" : "") (\(reason))"
    }

    /// Whether `v` is inside: finite and |v| ≤ `value`.
    @inlinable public func admits(_ v: Double) -> Bool { abs(v) <= value }
  }

  /// |x| and |y| of a sample or a ground-truth point: 100,000 CSS px (about 2.6 m at 96 px per
  /// inch). The vector writers refuse ink past ±400,000 px, so a strategy's ink may overshoot
  /// its samples fourfold; every quality metric's cost grows with the ink's length, so a bound
  /// of 1e7 px made one two-sample drawing cost 80 s and 1.8 GB.
  public static let position = Bound(
    name: "position", value: 100_000, unit: "CSS px",
    reason: "about 2.6 m at 96 px per inch, a wall-sized whiteboard", isMagnitude: true)

  /// |t| of a sample's time: 1e10 s. Most readers re-base times to the drawing's first sample;
  /// a format that keeps a device clock (UIM) may hold Unix-epoch seconds, which fit.
  public static let time = Bound(
    name: "time", value: 1e10, unit: "s",
    reason: "Unix-epoch seconds until the year 2286 fit, at a resolution of 2 µs or better",
    isMagnitude: true)

  /// Samples in one stroke.
  public static let samplesPerStroke = Bound(
    name: "samples per stroke", value: 1_000_000, unit: "samples",
    reason: "over two hours of pen contact at 120 Hz")

  /// Strokes in one file.
  public static let strokesPerFile = Bound(
    name: "strokes per file", value: 100_000, unit: "strokes",
    reason: "a dense page of handwriting has a few thousand")

  /// Samples in one file, ink and hover together.
  public static let samplesPerFile = Bound(
    name: "samples per file", value: 2_000_000, unit: "samples",
    reason: "one file's samples stay near 120 MB; measuring them takes up to about 2.3 KB a "
      + "sample in a run (README, counts at the edge)")

  /// Ground-truth points of one drawing.
  public static let truthPoints = Bound(
    name: "ground-truth points", value: 2_000_000, unit: "points",
    reason: "as many as the samples a file may hold")

  /// Sub-samples of one rendered canvas: device-pixel width × height × supersample².
  public static let canvasSubsamples = Bound(
    name: "canvas sub-samples", value: 268_435_456, unit: "sub-samples",
    reason: "2^28, about 0.5 GB of coverage; 8192 × 8192 px at supersample 2")

  /// Bytes of a results file read back (`result.json`, `bench.json`, `gate.json`).
  public static let resultFileBytes = Bound(
    name: "results file size", value: 1_073_741_824, unit: "bytes",
    reason: "1 GiB, some 30,000 drawings at 35 KB each")

  /// Bytes of a picture read back (`--compare-run`).
  public static let imageFileBytes = Bound(
    name: "picture file size", value: 268_435_456, unit: "bytes",
    reason: "256 MiB, an uncompressed RGBA canvas at the sub-sample bound")

  /// Pixels a picture read back may declare (`--compare-run`'s base pictures, `render
  /// --background`), checked in its header before it is decoded.
  public static let picturePixels = Bound(
    name: "picture pixels", value: 67_108_864, unit: "px",
    reason: "8192 × 8192, 256 MiB as RGBA: the largest canvas at supersample 2")

  /// Bytes of a baseline or noise floor.
  public static let baselineFileBytes = Bound(
    name: "baseline file size", value: 67_108_864, unit: "bytes",
    reason: "64 MiB; a baseline of the default strategies is about 100 KB")

  /// Every bound, in the order docs list them.
  public static let bounds: [Bound] = [
    position, time, samplesPerStroke, strokesPerFile, samplesPerFile, truthPoints,
    canvasSubsamples, resultFileBytes, imageFileBytes, picturePixels, baselineFileBytes,
  ]
}
