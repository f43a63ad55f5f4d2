import Foundation
import SigbenchCore
import SigbenchResults

/// Google Quick, Draw! ndjson, raw and simplified, read only (layout as described by the
/// googlecreativelab/quickdraw-dataset README).
///
/// One JSON object per line, each one drawing, named `file#<key_id>` (or `file#<line>` when
/// the line has no `key_id`). `drawing` holds the strokes:
/// - raw: `[[x…], [y…], [t…]]`; x and y screen pixels (y down, fractional and negative values
///   kept), t integer ms since the first point of the *drawing*, so t/1000 is already seconds
///   from the drawing's start and is not re-based per stroke;
/// - simplified: `[[x…], [y…]]`, integers 0–255, no time. The drawing is untimed (every
///   `time` is `nil`); a note and `metadata.sampleRate` give `nominalUntimedRate`, the rate a
///   benchmark should feed its samples at.
/// Screen pixels and the 0–255 grid are taken 1:1 as CSS px (`nominalScale`: the devices'
/// physical pixel sizes are unknown). `word`, `countrycode`, `recognized` and `timestamp` go to
/// the notes. Single-point strokes are kept as taps. A file with no drawing (empty, or blank
/// lines only) is an error.
///
/// Cost: O(bytes) with the hand-written `QuickDrawJSONScanner`.
public struct QuickDrawFormat: SelectiveStrokeFormat {
  /// The rate, in Hz, at which untimed (simplified) drawings should be replayed. Declared once
  /// here; 60 Hz is a typical display and pointer-event rate.
  public static let nominalUntimedRate = 60.0

  public init() {}

  public let descriptor = FormatDescriptor(
    id: "quickdraw", name: "Quick, Draw! ndjson (raw and simplified)", extensions: ["ndjson"],
    canWrite: false,
    units: "screen px taken as CSS px (nominal), t ms → s; simplified 0–255 grid, untimed",
    summary: "One doodle per line; raw has times from the drawing's start, simplified none.",
    manyDrawingsPerFile: true)

  /// Reads only the lines (drawings, 0-based among the non-blank lines) `keep` accepts: the
  /// others are found by their line breaks and never parsed (`--shard`). O(bytes) to find the
  /// lines, O(bytes of the lines kept) to parse.
  public func decode(
    _ data: Data, file: String, options: DecodeOptions, keeping keep: (Int) -> Bool
  ) throws(FormatError) -> SelectiveDecode {
    try SampleRules(file: file, options: options).checkFileSize(data.count)
    return try withBytes(data) { (b) throws(FormatError) in
      try decodeLines(b, file: file, options: options, selective: true, keeping: keep)
    }
  }

  public func sniff(_ data: Data) -> Bool {
    let head = data.prefix(4096)
    guard let first = head.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 })
    else { return false }
    return first == UInt8(ascii: "{")
      && String(decoding: head, as: UTF8.self).contains("\"drawing\"")
  }

  public func decode(_ data: Data, file: String, options: DecodeOptions) throws(FormatError)
    -> DecodeResult
  {
    let rules = SampleRules(file: file, options: options)
    try rules.checkFileSize(data.count)
    return try withBytes(data) { (b) throws(FormatError) in
      try decodeLines(b, file: file, options: options)
    }
  }

  private func decodeLines(
    _ b: UnsafeBufferPointer<UInt8>, file: String, options: DecodeOptions
  ) throws(FormatError) -> DecodeResult {
    try decodeLines(b, file: file, options: options, selective: false) { _ in true }.result
  }

  /// Reads the drawings whose 0-based index among the file's non-blank lines `keep` accepts;
  /// the other lines are passed over unparsed. The names, errors and warnings of the drawings
  /// read are those of a whole read. `selective`: keep the bytes of the lines read.
  private func decodeLines(
    _ b: UnsafeBufferPointer<UInt8>, file: String, options: DecodeOptions, selective: Bool,
    keeping keep: (Int) -> Bool
  ) throws(FormatError) -> SelectiveDecode {
    var rules = SampleRules(file: file, options: options)
    var out = SelectiveDecode(result: DecodeResult(drawings: []))
    var drawings: [Drawing] = []
    var line = 0
    var i = 0
    while i < b.count {
      line += 1
      let start = i
      while i < b.count, b[i] != 0x0A { i += 1 }
      let end = i
      if i < b.count { i += 1 }
      var blank = true
      for k in start..<end where b[k] != 0x20 && b[k] != 0x09 && b[k] != 0x0D {
        blank = false
        break
      }
      if blank { continue }
      let index = out.drawingsInFile
      out.drawingsInFile += 1
      if !keep(index) { continue }
      if selective { out.bytesRead.append(contentsOf: UnsafeBufferPointer(rebasing: b[start..<i])) }
      var scanner = QuickDrawJSONScanner(b, start: start, end: end)
      guard let value = scanner.parseDocument() else {
        let f = scanner.failure ?? (start, "must be JSON")
        let shown = String(
          decoding: UnsafeBufferPointer(rebasing: b[f.offset..<min(end, f.offset + 20)]),
          as: UTF8.self)
        throw FormatError(
          .malformed, file: file, location: .line(line, column: f.offset - start + 1),
          field: "JSON", rule: f.rule, value: shown.isEmpty ? "end of line" : shown)
      }
      let warned = rules.warnings.count
      drawings.append(
        try drawing(from: value, file: file, line: line, ordinal: index + 1, &rules))
      out.indices.append(index)
      out.warningDrawings += repeatElement(index, count: rules.warnings.count - warned)
    }
    guard out.drawingsInFile > 0 else {
      throw FormatError(
        .malformed, file: file, location: .line(1), field: "drawings",
        rule: "must number at least one (one JSON object per line)",
        value: b.isEmpty ? "no drawing (empty file)" : "no drawing (only blank lines)")
    }
    out.result = DecodeResult(drawings: drawings, warnings: rules.warnings)
    return out
  }

  private func drawing(
    from value: QuickDrawJSON, file: String, line: Int, ordinal: Int, _ rules: inout SampleRules
  ) throws(FormatError) -> Drawing {
    func bad(_ field: String, _ rule: String, _ v: QuickDrawJSON?) -> FormatError {
      FormatError(
        .malformed, file: file, location: .line(line), field: field, rule: rule,
        value: v?.shown ?? "nothing")
    }
    guard case .object = value else { throw bad("drawing object", "must be an object", value) }
    let strokeValues: [QuickDrawJSON]
    switch value["drawing"] {
    case .array(let items)?: strokeValues = items
    case .numbers(let n)? where n.isEmpty: strokeValues = []
    default: throw bad("drawing", "must be an array of strokes", value["drawing"])
    }
    try rules.checkStrokeCount(strokeValues.count)
    var strokes: [Stroke] = []
    strokes.reserveCapacity(strokeValues.count)
    var timed: Bool?
    var steps: [Double] = []
    for (k, sv) in strokeValues.enumerated() {
      let field = "drawing[\(k)]"
      guard case .array(let channels) = sv, channels.count == 2 || channels.count == 3 else {
        throw bad(field, "must be [[x…], [y…]] or [[x…], [y…], [t…]]", sv)
      }
      let hasTime = channels.count == 3
      if let t = timed, t != hasTime {
        throw bad(field, "must have times like the drawing's first stroke", sv)
      }
      timed = hasTime
      var columns: [[Double]] = []
      for (c, cv) in channels.enumerated() {
        let name = ["x", "y", "t"][c]
        switch cv {
        case .numbers(let numbers): columns.append(numbers)
        case .array(let items):
          let j =
            items.firstIndex { if case .number = $0 { return false } else { return true } } ?? 0
          throw bad("\(field).\(name)[\(j)]", "must be a number", items.isEmpty ? nil : items[j])
        default: throw bad("\(field).\(name)", "must be an array of numbers", cv)
        }
      }
      guard columns.allSatisfy({ $0.count == columns[0].count }) else {
        throw bad(
          field, "must have as many values in every channel",
          .string(columns.map { String($0.count) }.joined(separator: "/")))
      }
      var samples: [Sample] = []
      samples.reserveCapacity(columns[0].count)
      for j in columns[0].indices {
        samples.append(
          Sample(x: columns[0][j], y: columns[1][j], time: hasTime ? columns[2][j] / 1000 : nil))
        if hasTime, j > 0 { steps.append((columns[2][j] - columns[2][j - 1]) / 1000) }
      }
      var stroke = Stroke(samples: samples)
      try rules.check(&stroke, strokeIndex: k) { _ in .line(line) }
      strokes.append(stroke)
    }
    var name = "\(file)#\(ordinal)"
    if case .string(let key)? = value["key_id"] { name = "\(file)#\(key)" }
    let isRaw = timed ?? true
    var metadata = DrawingMetadata(
      source: isRaw ? "Quick, Draw! (raw)" : "Quick, Draw! (simplified)",
      sampleRate: isRaw ? DrawingInfo.rate(fromSteps: steps) : QuickDrawFormat.nominalUntimedRate,
      nativeUnits: isRaw ? "screen px" : "0–255 grid", nominalScale: true,
      licence: "CC-BY-4.0",
      attribution: "Quick, Draw! Dataset, Google LLC, CC BY 4.0")
    metadata.notes.append(
      isRaw
        ? "positions: screen px taken 1:1 as CSS px (device pixel size unknown); t ms since the drawing's first point → s"
        : "positions: 0–255 grid taken 1:1 as CSS px")
    if !isRaw {
      metadata.notes.append(
        "untimed (simplified): feed the samples at the nominal \(Int(QuickDrawFormat.nominalUntimedRate)) Hz"
      )
    }
    var facts: [String] = []
    for key in ["word", "countrycode", "recognized", "timestamp", "key_id"] {
      if let v = value[key] { facts.append("\(key)=\(v.shown)") }
    }
    if !facts.isEmpty { metadata.notes.append(facts.joined(separator: "; ")) }
    return Drawing(name: name, strokes: strokes, metadata: metadata)
  }
}
