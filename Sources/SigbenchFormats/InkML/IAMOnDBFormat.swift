import Foundation
import SigbenchCore

/// IAM On-Line Handwriting Database line files (`lineStrokes/…/*.xml`).
///
/// `<WhiteboardCaptureSession>` → `<WhiteboardDescription>` (sensor corner and the opposite
/// corners of the writing area) → `<StrokeSet>` → `<Stroke colour start_time end_time>` →
/// `<Point x y time/>`. Each `<Stroke>` is one pen-down stroke; there is no pressure and no
/// hover. x and y are integer eBeam sensor units, y down (sensor at the top left), with no
/// physical resolution stated: the drawing is scaled to the nominal size and flagged
/// (`DrawingMetadata.nominalScale`). `time` is seconds (10 ms resolution) from a large arbitrary
/// origin: times are made relative to the earliest point. Repeated times (the 10 ms
/// resolution) are repaired by `SampleRules` with a warning. The stroke's `colour` goes into
/// `Stroke.attributes`. Parsed as a stream (no tree), O(file size). Read only.
public struct IAMOnDBFormat: StrokeFormat {
  public init() {}

  public let descriptor = FormatDescriptor(
    id: "iam-ondb", name: "IAM On-Line Handwriting Database XML", extensions: ["xml"],
    canWrite: false,
    units: "eBeam sensor units (no resolution stated: nominal scale), time in s",
    summary: "Whiteboard handwriting lines: strokes of x, y, time points; no pressure.")

  /// True when the first 2 KiB name the `WhiteboardCaptureSession` root element.
  public func sniff(_ data: Data) -> Bool {
    containsBytes([UInt8](data.prefix(2048)), Array("<WhiteboardCaptureSession".utf8))
  }

  public func decode(_ data: Data, file: String, options: DecodeOptions) throws(FormatError)
    -> DecodeResult
  {
    var rules = SampleRules(file: file, options: options)
    try rules.checkFileSize(data.count)
    let reader = IAMOnDBParser(file: file, options: options)
    try XMLSAXParser.parse(try XMLInput.utf8(data, file: file), file: file, sink: reader)
    guard reader.sawRoot else {
      throw FormatError(
        .malformed, file: file, location: .line(1), field: "root element",
        rule: "must be <WhiteboardCaptureSession>", value: reader.rootName ?? "none")
    }
    var metadata = DrawingMetadata(
      source: "IAM On-Line Handwriting Database", device: "eBeam whiteboard sensor",
      nativeUnits: "eBeam sensor units",
      licence: "IAM-OnDB terms: non-commercial research after registration, not redistributable",
      notes: reader.notes)
    let raw = reader.strokes.filter { !$0.samples.isEmpty }
    var warnings: [FormatWarning] = []
    if raw.count < reader.strokes.count {
      warnings.append(
        FormatWarning(
          file: file, location: .file,
          message: "\(reader.strokes.count - raw.count) stroke(s) without points skipped"))
    }
    var strokes = raw.map { Stroke(samples: $0.samples, attributes: $0.attributes) }
    var origin = Double.infinity
    for stroke in strokes {
      for s in stroke.samples { origin = min(origin, s.time ?? origin) }
    }
    if origin.isFinite {
      for i in strokes.indices {
        for j in strokes[i].samples.indices { strokes[i].samples[j].time! -= origin }
      }
      metadata.notes.append(
        "time in s from the first point (file origin \(ParameterValue.format(origin)) s)")
    }
    let scale = try rules.nominalScale(strokes.map(\.samples)) { k, j in
      .line(raw[k].lines[min(j, raw[k].lines.count - 1)])
    }
    for i in strokes.indices {
      for j in strokes[i].samples.indices {
        strokes[i].samples[j].x = scale.apply(strokes[i].samples[j].x)
        strokes[i].samples[j].y = scale.apply(strokes[i].samples[j].y)
      }
    }
    metadata.nominalScale = true
    metadata.notes.append(
      SampleRules.nominalScaleNote(factor: scale.factor, units: "eBeam sensor units"))
    try rules.checkStrokeCount(strokes.count)
    for i in strokes.indices {
      let lines = raw[i].lines
      try rules.check(&strokes[i], strokeIndex: i) { .line(lines[min($0, lines.count - 1)]) }
    }
    let drawing = Drawing(name: file, strokes: strokes, metadata: metadata)
    return DecodeResult(drawings: [drawing], warnings: warnings + rules.warnings)
  }
}

/// Streaming `XMLEventSink` for `IAMOnDBFormat`. Stops at the first error.
private final class IAMOnDBParser: XMLEventSink {
  struct RawStroke {
    var samples: [Sample] = []
    var lines: [Int] = []
    var attributes: [String: String] = [:]
  }

  let file: String
  let options: DecodeOptions
  var strokes: [RawStroke] = []
  var notes: [String] = []
  var rootName: String?
  var sawRoot = false
  var inStroke = false

  init(file: String, options: DecodeOptions) {
    self.file = file
    self.options = options
  }

  /// Attribute `key` as a finite number, or the error naming it.
  func number(
    _ attributes: [String: String], _ key: String, _ element: String, at: FileLocation
  ) -> Result<Double, FormatError> {
    guard let text = attributes[key] else {
      return .failure(
        FormatError(
          .malformed, file: file, location: at, field: "\(element).\(key)",
          rule: "must be present", value: "missing"))
    }
    guard let v = XMLNumberScanner.parse(text), v.isFinite else {
      return .failure(
        FormatError(
          .invalidValue, file: file, location: at, field: "\(element).\(key)",
          rule: "must be a finite number", value: text))
    }
    return .success(v)
  }

  func startElement(
    localName elementName: String, namespaceURI: String?, attributes list: [XMLAttribute],
    line: Int, column: Int
  ) -> FormatError? {
    if rootName == nil {
      rootName = elementName
      guard elementName == "WhiteboardCaptureSession" else {
        return FormatError(
          .malformed, file: file, location: .line(line), field: "root element",
          rule: "must be <WhiteboardCaptureSession>", value: elementName)
      }
      sawRoot = true
      return nil
    }
    var attributes: [String: String] = [:]
    for a in list where attributes[a.localName] == nil { attributes[a.localName] = a.value }
    switch elementName {
    case "Stroke":
      guard strokes.count < options.maxStrokesPerFile else {
        return FormatError(
          .limitExceeded, file: file, location: .line(line), field: "strokes",
          rule: "must number at most \(options.maxStrokesPerFile) (limit maxStrokesPerFile)",
          value: "more than \(options.maxStrokesPerFile)")
      }
      var s = RawStroke()
      if let colour = attributes["colour"] { s.attributes["colour"] = colour }
      strokes.append(s)
      inStroke = true
    case "Point":
      guard inStroke, !strokes.isEmpty else {
        return FormatError(
          .malformed, file: file, location: .line(line), field: "Point",
          rule: "must be inside a <Stroke>", value: "Point outside Stroke")
      }
      let at = FileLocation.line(line, column: column)
      let x: Double
      let y: Double
      let t: Double
      switch (
        number(attributes, "x", "Point", at: at), number(attributes, "y", "Point", at: at),
        number(attributes, "time", "Point", at: at)
      ) {
      case (.success(let a), .success(let b), .success(let c)):
        (x, y, t) = (a, b, c)
      case (.failure(let e), _, _), (_, .failure(let e), _), (_, _, .failure(let e)):
        return e
      }
      let i = strokes.count - 1
      guard strokes[i].samples.count < options.maxSamplesPerStroke else {
        return FormatError(
          .limitExceeded, file: file, location: .line(line), field: "stroke \(i)",
          rule:
            "must have at most \(options.maxSamplesPerStroke) samples (limit maxSamplesPerStroke)",
          value: "more than \(options.maxSamplesPerStroke)")
      }
      strokes[i].samples.append(Sample(x: x, y: y, time: t))
      strokes[i].lines.append(line)
    case "SensorLocation":
      if let corner = attributes["corner"], corner != "top_left" {
        notes.append("sensor corner \(corner): positions used as given (y down assumed)")
      }
    case "DiagonallyOppositeCoords", "VerticallyOppositeCoords", "HorizontallyOppositeCoords":
      if let x = attributes["x"], let y = attributes["y"] {
        notes.append("whiteboard \(elementName) x=\(x) y=\(y) (sensor units)")
      }
    default: break
    }
    return nil
  }

  func endElement(localName: String) {
    if localName == "Stroke" { inStroke = false }
  }

  func text(_ bytes: UnsafeBufferPointer<UInt8>) -> FormatError? { nil }
}
