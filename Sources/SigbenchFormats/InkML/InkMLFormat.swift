import Foundation
import SigbenchCore

/// W3C InkML 2011 (`*.inkml`, Ink Markup Language, W3C Recommendation 20 September 2011),
/// read and written.
///
/// Reading matches elements on namespace plus local name, never on the prefix (the default
/// namespace, an `inkml:` prefix and files with no namespace read alike; `msink:`, `emma:` and
/// MathML elements are ignored; `XMLTree`) and covers the dialects real files come in: CROHME
/// (no trace format, plain `id`, bare references, label-only traceViews), MathWriting (X Y T
/// with glued `x y t,x y t`), Word/Office (`inkml:` prefix, `'`/`"` differences glued without
/// spaces, himetric or cm with a resolution, F resolution 0, `timeString`), OneNote (several
/// contexts, brushes) and Windows Journal (OTx/OTy tilt, many brushes). The trace grammar is
/// `InkMLTraceGrammar`, channel conversion `InkMLChannelPlan`, document structure
/// `InkMLDocumentReader`; the writer is `InkMLFormat+Writer.swift`.
///
/// Conversions (once, here): positions to CSS px (no physical unit: nominal scale, flagged);
/// times to seconds from the drawing's start (from the referenced timestamp when the file
/// gives one, else from the earliest sample); pressure to [0, 1]; angles to radians. Not
/// supported: canvas transforms (positions are used as the trace format gives them),
/// hierarchical `from`/`to` in traceViews (the whole trace is used, with a warning), the 2003
/// draft `:`/`;` intermittent syntax (rejected). Complexity: O(file size).
public struct InkMLFormat: StrokeFormat {
  /// How the writer encodes trace values.
  public enum ValueEncoding: String, Sendable, Hashable, CaseIterable {
    /// Every value explicit.
    case explicit
    /// The first point explicit, then `'` first differences of the quantised values.
    case firstDifferences
  }

  public static let namespace = "http://www.w3.org/2003/InkML"

  /// Encoding used by `encode`.
  public var valueEncoding: ValueEncoding

  public init(valueEncoding: ValueEncoding = .explicit) {
    self.valueEncoding = valueEncoding
  }

  public var descriptor: FormatDescriptor {
    FormatDescriptor(
      id: "inkml", name: "W3C InkML 2011", extensions: ["inkml", "xml"], canWrite: true,
      units: "X/Y in the trace format's units (mm, cm, himetric, in, pt…; none: nominal scale), "
        + "T in ms or s, F by its declared range; written as mm, ms, F 0–1, degrees",
      summary:
        "XML ink: channels, difference encoding, contexts, brushes, hover (penUp) traces.")
  }

  /// True when the first 2 KiB hold an `<ink` root element (any prefix) or the InkML namespace.
  public func sniff(_ data: Data) -> Bool {
    let head = [UInt8](data.prefix(2048))
    if containsBytes(head, Array(InkMLFormat.namespace.utf8)) { return true }
    let ink = Array("ink".utf8)
    var i = 0
    while i + 4 < head.count {
      if head[i] == UInt8(ascii: "<") || head[i] == UInt8(ascii: ":"),
        Array(head[(i + 1)..<(i + 4)]) == ink
      {
        let next = head[i + 4]
        if next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D || next == 62 || next == 47
        {
          return true
        }
      }
      i += 1
    }
    return false
  }

  public func decode(_ data: Data, file: String, options: DecodeOptions) throws(FormatError)
    -> DecodeResult
  {
    var rules = SampleRules(file: file, options: options)
    try rules.checkFileSize(data.count)
    let root = try XMLTree.parse(
      data, file: file, namespaces: [InkMLFormat.namespace], textElements: ["trace", "annotation"],
      skipSubtrees: ["annotationXML"])
    guard root.name == "ink" else {
      throw FormatError(
        .malformed, file: file, location: root.location, field: "root element",
        rule: "must be <ink>", value: root.name)
    }
    var reader = InkMLDocumentReader(root: root, file: file, options: options)
    try reader.read()
    var metadata = InkMLFormat.metadata(root: root, reader: reader)
    var traces = reader.traces
    reader.traces = []  // sole owner: the loops below mutate in place, no copy

    // Pressure without a declared range: divide by the largest value in the file.
    if traces.contains(where: \.pressureRaw) {
      var largest = 0.0
      for t in traces where t.pressureRaw {
        for s in t.samples { largest = max(largest, s.pressure ?? 0) }
      }
      for i in traces.indices where traces[i].pressureRaw {
        for j in traces[i].samples.indices {
          if let p = traces[i].samples[j].pressure {
            traces[i].samples[j].pressure = largest > 0 ? p / largest : 0
          }
        }
      }
    }

    // No physical resolution: scale to the nominal size (after checking the drawing allows it).
    if !reader.physical {
      let scale = try rules.nominalScale(traces.map(\.samples)) { k, j in
        .line(traces[k].lines[min(j, traces[k].lines.count - 1)])
      }
      for i in traces.indices {
        for j in traces[i].samples.indices {
          traces[i].samples[j].x = scale.apply(traces[i].samples[j].x)
          traces[i].samples[j].y = scale.apply(traces[i].samples[j].y)
        }
      }
      metadata.nominalScale = true
      appendNote(
        &metadata,
        SampleRules.nominalScaleNote(
          factor: scale.factor, units: reader.positionUnits ?? "unitless"))
    }

    // Time origin: the stated timestamp when every timed trace has one, else the first sample.
    var earliest = Double.infinity
    var stated = Double.infinity
    var timedCount = 0
    var anchoredCount = 0
    for t in traces {
      var timed = false
      for s in t.samples {
        if let time = s.time {
          earliest = min(earliest, time)
          timed = true
        }
      }
      guard timed else { continue }
      timedCount += 1
      if let a = t.anchor {
        anchoredCount += 1
        stated = min(stated, a)
      }
    }
    if timedCount > 0 {
      var origin = earliest
      if anchoredCount == timedCount {
        origin = stated
        if earliest < stated {
          origin = earliest
          appendNote(&metadata, "samples before the stated timestamp: times shifted to start at 0")
        }
      } else if earliest != 0 {
        appendNote(
          &metadata,
          "T has no stated origin: times shifted by \(ParameterValue.format(-earliest)) s so "
            + "the drawing starts at 0")
      }
      if origin != 0 {
        for i in traces.indices {
          for j in traces[i].samples.indices {
            if let t = traces[i].samples[j].time { traces[i].samples[j].time = t - origin }
          }
        }
      }
    }

    var strokes: [Stroke] = []
    var hover: [Stroke] = []
    for t in traces {
      var stroke = Stroke(samples: t.samples, attributes: t.attributes)
      let lines = t.lines
      let index = t.hover ? hover.count : strokes.count
      try rules.check(&stroke, strokeIndex: index) { .line(lines[min($0, lines.count - 1)]) }
      if t.hover { hover.append(stroke) } else { strokes.append(stroke) }
    }
    try rules.checkStrokeCount(strokes.count + hover.count)
    let drawing = Drawing(name: file, strokes: strokes, hover: hover, metadata: metadata)
    return DecodeResult(drawings: [drawing], warnings: reader.warnings + rules.warnings)
  }

  /// Metadata from `<annotation>`s directly under `<ink>` (types `source`, `device`,
  /// `licence`/`license`, `attribution`/`copyright`, `note`, `nominalScale`), the first
  /// context's ink source (device, sample rate) and the reader's conversion notes.
  static func metadata(root: XMLElementNode, reader: InkMLDocumentReader) -> DrawingMetadata {
    var m = DrawingMetadata(nativeUnits: reader.positionUnits ?? "unitless")
    for a in root.children where a.name == "annotation" {
      let text = a.text.trimmingSpaces
      switch a["type"]?.trimmingSpaces ?? "" {
      case "source": m.source = text
      case "device": m.device = text
      case "licence", "license": m.licence = text
      case "attribution", "copyright": m.attribution = text
      case "note": m.notes.append(text)
      case "nominalScale": m.nominalScale = text == "true"
      default: break
      }
    }
    if let source = reader.firstContext?.inkSource {
      if m.device == nil {
        let parts = [source["manufacturer"], source["model"]].compactMap { $0 }
        if !parts.isEmpty { m.device = parts.joined(separator: " ") }
      }
      if let rate = source.child("sampleRate")?["value"].flatMap(XMLNumberScanner.parse),
        rate.isFinite, rate > 0
      {
        m.sampleRate = rate
      }
    }
    if m.source == nil { m.source = "InkML" }
    for n in reader.notes { appendNote(&m, n) }
    return m
  }
}

/// Appends `note` unless the metadata already has it (so re-reading a file this writer wrote,
/// notes included, gives the same notes).
func appendNote(_ m: inout DrawingMetadata, _ note: String) {
  if !m.notes.contains(note) { m.notes.append(note) }
}

/// True when `needle` occurs in `haystack`.
func containsBytes(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
  guard !needle.isEmpty, haystack.count >= needle.count else { return false }
  for i in 0...(haystack.count - needle.count) where haystack[i] == needle[0] {
    if haystack[i..<(i + needle.count)].elementsEqual(needle) { return true }
  }
  return false
}
