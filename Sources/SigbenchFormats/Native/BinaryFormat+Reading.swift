import Foundation
import SigbenchCore

/// The lowest and highest value a channel run decoded, and for times whether they rose
/// strictly, so a trace whose values all satisfy `SampleRules` can skip its second pass.
struct BinaryRunBounds {
  var low = Double.infinity
  var high = -Double.infinity
  var last = -Double.infinity
  var rising = true

  @inline(__always)
  mutating func add(_ d: Double, checksOrder: Bool) {
    low = d < low ? d : low
    high = d > high ? d : high
    if checksOrder {
      if !(d > last) { rising = false }
      last = d
    }
  }

  /// True when every value (none counts) lies in `lower...upper`.
  func within(_ lower: Double, _ upper: Double) -> Bool { low >= lower && high <= upper }
}

extension BinaryFormat {
  static let channelNames = ["x", "y", "t", "pressure", "tilt", "azimuth"]
  static let quantumFields = channelNames.map { "quantum \($0)" }

  static func readMetadata(_ r: inout BinaryByteReader) throws(FormatError) -> DrawingMetadata {
    let at = r.position
    let bits = try r.varint("metadata presence bits")
    guard bits < 64 else {
      throw r.error("metadata presence bits", "must use bits 0–5 only", String(bits), at: at)
    }
    // Field names are literals (no string built per file unless an error is reported).
    func string(_ r: inout BinaryByteReader, _ field: String, _ lengthField: String)
      throws(FormatError) -> String
    {
      try r.utf8(try r.count(lengthField, limit: r.remaining), field)
    }
    var m = DrawingMetadata()
    if bits & 1 != 0 { m.source = try string(&r, "source", "source length") }
    if bits & 2 != 0 { m.device = try string(&r, "device", "device length") }
    if bits & 4 != 0 { m.sampleRate = try r.float64LE("sampleRate") }
    if bits & 8 != 0 { m.licence = try string(&r, "licence", "licence length") }
    if bits & 16 != 0 { m.attribution = try string(&r, "attribution", "attribution length") }
    m.nominalScale = bits & 32 != 0
    m.nativeUnits = try string(&r, "nativeUnits", "nativeUnits length")
    let notes = try r.count("note count", limit: r.remaining)
    for _ in 0..<notes { m.notes.append(try string(&r, "note", "note length")) }
    return m
  }

  /// Decodes one channel run from `base[position..<end]`: one zig-zag varint delta per sample
  /// `0..<count` (only those whose `bitmap` bit is set, when a bitmap is given), each added to
  /// `value` and handed to `store` as `value · quantum`, and noted in `bounds` (with the
  /// order of values when `checksOrder`). Returns false when the bytes run out or a varint is
  /// longer than 10 bytes. The reader's hot loop: no allocation, no throwing, no bounds check
  /// beyond the buffer's end; `store` is inlined at each call site.
  @inline(__always)
  static func decodeRun(
    _ base: UnsafePointer<UInt8>, _ position: inout Int, _ end: Int,
    bitmap: UnsafePointer<UInt8>?, count: Int, _ value: inout Int64, _ quantum: Double,
    _ bounds: inout BinaryRunBounds, checksOrder: Bool, _ store: (Int, Double) -> Void
  ) -> Bool {
    var p = position
    var v = value
    var b = bounds
    if let bitmap {
      for i in 0..<count where bitmap[i >> 3] & (1 << UInt8(i & 7)) != 0 {
        guard let d = next(base, &p, end, &v, quantum) else { return false }
        b.add(d, checksOrder: checksOrder)
        store(i, d)
      }
    } else {
      for i in 0..<count {
        guard let d = next(base, &p, end, &v, quantum) else { return false }
        b.add(d, checksOrder: checksOrder)
        store(i, d)
      }
    }
    position = p
    value = v
    bounds = b
    return true
  }

  /// The next delta at `base[p]` added to `v`, times `quantum`; `nil` when cut off or
  /// overlong. Away from the buffer's end one 8-byte load serves the usual one- to three-byte
  /// varints inline; longer ones, and those in the last 7 bytes, go out of line.
  @inline(__always)
  static func next(
    _ base: UnsafePointer<UInt8>, _ p: inout Int, _ end: Int, _ v: inout Int64,
    _ quantum: Double
  ) -> Double? {
    var u: UInt64
    if p + 8 <= end {
      let w = UInt64(littleEndian: UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self))
      if w & 0x80 == 0 {
        u = w & 0x7F
        p += 1
      } else if w & 0x8000 == 0 {
        u = (w & 0x7F) | ((w >> 1) & 0x3F80)
        p += 2
      } else if w & 0x80_0000 == 0 {
        u = (w & 0x7F) | ((w >> 1) & 0x3F80) | ((w >> 2) & 0x1F_C000)
        p += 3
      } else {
        guard let long = longVarint(base, &p, end) else { return nil }
        u = long
      }
    } else {
      guard let long = longVarint(base, &p, end) else { return nil }
      u = long
    }
    v = v &+ Int64(bitPattern: (u >> 1) ^ (0 &- (u & 1)))
    return Double(v) * quantum
  }

  /// A varint at `base[p]`, any length: branch-free from one 8-byte load when 8 bytes are
  /// left and the varint ends within them (the first byte with a clear top bit ends it; its
  /// 7-bit groups are packed), else byte by byte. `nil` when cut off or longer than 10 bytes.
  /// Kept out of line so the short path stays small.
  @inline(never)
  static func longVarint(_ base: UnsafePointer<UInt8>, _ p: inout Int, _ end: Int) -> UInt64? {
    if p + 8 <= end {
      let word = UInt64(littleEndian: UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self))
      let stops = ~word & 0x8080_8080_8080_8080
      if stops != 0 {
        let length = (stops.trailingZeroBitCount + 1) >> 3
        let w = length == 8 ? word : word & ((1 << UInt64(length * 8)) &- 1)
        var u = (w & 0x7F) | ((w >> 1) & 0x3F80) | ((w >> 2) & 0x1F_C000) | ((w >> 3) & 0xFE0_0000)
        u |= ((w >> 4) & 0x7_F000_0000) | ((w >> 5) & 0x3F8_0000_0000)
        u |= ((w >> 6) & 0x1_FC00_0000_0000) | ((w >> 7) & 0xFE_0000_0000_0000)
        p += length
        return u
      }
    }
    var u: UInt64 = 0
    var shift: UInt64 = 0
    while p < end, shift <= 63 {
      let b = base[p]
      p += 1
      u |= UInt64(b & 0x7F) << shift
      if b < 0x80 { return u }
      shift += 7
    }
    return nil
  }

  // MARK: Reading

  public func decode(_ data: Data, file: String, options: DecodeOptions) throws(FormatError)
    -> DecodeResult
  {
    var rules = SampleRules(file: file, options: options)
    rules.rejectsNegativeTime = true
    try rules.checkFileSize(data.count)
    return try withBytes(data) { (b) throws(FormatError) in
      try decodeBytes(b, file: file, rules: &rules)
    }
  }

  private func decodeBytes(
    _ b: UnsafeBufferPointer<UInt8>, file: String, rules: inout SampleRules
  ) throws(FormatError) -> DecodeResult {
    var r = BinaryByteReader(b, file: file)
    let magic = try r.bytes(4, "magic")
    guard magic.elementsEqual(BinaryFormat.magic) else {
      throw r.error("magic", "must be \"SBIK\"", String(decoding: magic, as: UTF8.self), at: 0)
    }
    let versionAt = r.position
    let version = try r.varint("version")
    guard version == UInt64(BinaryFormat.version) else {
      throw FormatError(
        .unsupportedVersion, file: file, location: .byte(versionAt), field: "version",
        rule: "must be \(BinaryFormat.version) (the only version this build reads)",
        value: String(version))
    }
    let flagsAt = r.position
    let flags = try r.varint("flags")
    guard flags <= 1 else {
      throw r.error("flags", "must be 0 or 1 in version 1", String(flags), at: flagsAt)
    }
    var q = InlineArray<6, Double>(repeating: 0)
    for c in 0..<6 {
      let at = r.position
      q[c] = try r.float64LE(BinaryFormat.quantumFields[c])
      guard q[c] > 0, q[c].isFinite else {
        throw r.error(
          BinaryFormat.quantumFields[c], "must be a positive finite number", String(q[c]), at: at)
      }
    }
    let metadata = try BinaryFormat.readMetadata(&r)
    let inkCount = try r.count("ink trace count", limit: r.remaining)
    let hoverCount = try r.count("hover trace count", limit: r.remaining)
    try rules.checkStrokeCount(inkCount + hoverCount)
    var previous = InlineArray<6, Int64>(repeating: 0)
    var strokes: [Stroke] = []
    strokes.reserveCapacity(inkCount)
    var hover: [Stroke] = []
    hover.reserveCapacity(hoverCount)
    for k in 0..<(inkCount + hoverCount) {
      if k < inkCount {
        strokes.append(try readTrace(&r, q, &previous, index: k, strokeIndex: k, &rules))
      } else {
        hover.append(try readTrace(&r, q, &previous, index: k, strokeIndex: k - inkCount, &rules))
      }
    }
    var groundTruth: GroundTruth?
    if flags & 1 == 1 {
      let lineCount = try r.count("ground truth line count", limit: r.remaining)
      var lines: [[Point]] = []
      var px: Int64 = 0
      var py: Int64 = 0
      var total = 0
      let bound = InputEnvelope.position
      for _ in 0..<lineCount {
        let countAt = r.position
        let n = try r.count("ground truth point count", limit: r.remaining / 2)
        total += n
        guard Double(total) <= InputEnvelope.truthPoints.value else {
          throw r.error(
            "ground truth point count", InputEnvelope.truthPoints.rule, "at least \(total)",
            at: countAt)
        }
        var line = [Point](repeating: .zero, count: n)
        for i in 0..<n {
          let at = r.position
          px = px &+ (try r.zigzag("ground truth x"))
          line[i].x = Double(px) * q[0]
          guard bound.admits(line[i].x) else {
            throw r.error("ground truth x", bound.rule, String(line[i].x), at: at)
          }
        }
        for i in 0..<n {
          let at = r.position
          py = py &+ (try r.zigzag("ground truth y"))
          line[i].y = Double(py) * q[1]
          guard bound.admits(line[i].y) else {
            throw r.error("ground truth y", bound.rule, String(line[i].y), at: at)
          }
        }
        lines.append(line)
      }
      groundTruth = GroundTruth(strokes: lines)
    }
    guard r.isAtEnd else {
      throw r.error("end", "must follow the last section", "\(r.remaining) extra byte(s)")
    }
    let drawing = Drawing(
      name: file, strokes: strokes, hover: hover, metadata: metadata, groundTruth: groundTruth)
    return DecodeResult(drawings: [drawing], warnings: rules.warnings)
  }

  /// Reads trace `index` (`strokeIndex` within ink or hover) and applies `rules` to it: in
  /// full only when some decoded value is out of the rules' ranges or a time does not rise,
  /// since otherwise the rules change nothing and warn of nothing.
  private func readTrace(
    _ r: inout BinaryByteReader, _ q: InlineArray<6, Double>,
    _ previous: inout InlineArray<6, Int64>,
    index: Int, strokeIndex: Int, _ rules: inout SampleRules
  ) throws(FormatError) -> Stroke {
    let nAt = r.position
    // Every sample takes at least two bytes (x and y), which bounds the allocation.
    let n = try r.count("sample count", limit: r.remaining / 2)
    guard n <= rules.options.maxSamplesPerStroke else {
      throw FormatError(
        .limitExceeded, file: r.file, location: .byte(nAt), field: "trace \(index)",
        rule:
          "must have at most \(rules.options.maxSamplesPerStroke) samples (limit maxSamplesPerStroke)",
        value: String(n))
    }
    // The file's total, before the samples are allocated.
    try rules.countSamples(n, at: .byte(nAt))
    let attributeCount = try r.count("attribute count", limit: r.remaining)
    var attributes: [String: String] = [:]
    for _ in 0..<attributeCount {
      let kn = try r.count("attribute key length", limit: r.remaining)
      let key = try r.utf8(kn, "attribute key")
      let vn = try r.count("attribute value length", limit: r.remaining)
      attributes[key] = try r.utf8(vn, "attribute value")
    }
    let modesAt = r.position
    let modes = try r.byte("channel modes")
    var bitmaps = InlineArray<6, UnsafePointer<UInt8>?>(repeating: nil)
    var present = InlineArray<6, Int>(repeating: n)
    for c in 2..<6 {
      let mode = (modes >> UInt8(2 * (c - 2))) & 3
      guard mode != 3 else {
        throw r.error("channel modes", "must use 0, 1 or 2 per channel", String(modes), at: modesAt)
      }
      if mode == 0 { present[c] = 0 }
      if mode == 2 {
        let bitmap = try r.bytes((n + 7) / 8, "presence bitmap")
        bitmaps[c] = bitmap.baseAddress
        var count = 0
        for k in 0..<(n >> 3) { count += bitmap[k].nonzeroBitCount }
        if n & 7 != 0 { count += (bitmap[n >> 3] & UInt8((1 << (n & 7)) - 1)).nonzeroBitCount }
        present[c] = count
      }
    }
    // Each present channel is decoded straight into the samples, one run after another.
    var failedChannel = -1
    var failedAt = 0
    var bounds = InlineArray<6, BinaryRunBounds>(repeating: BinaryRunBounds())
    // The x run (always present) initialises every sample; the other runs fill them in. The
    // samples are plain values (no references), so a failed read can leave the buffer empty.
    let samples = [Sample](unsafeUninitializedCapacity: n) { buffer, initialized in
      initialized = 0
      guard let out = buffer.baseAddress, let base = r.bytes.baseAddress else { return }
      var p = r.position
      let end = r.end
      for c in 0..<6 where present[c] > 0 {
        var value = previous[c]
        var b = bounds[c]
        let start = p
        let bits = bitmaps[c]
        let ok: Bool
        switch c {
        case 0:
          ok = BinaryFormat.decodeRun(
            base, &p, end, bitmap: bits, count: n, &value, q[c], &b, checksOrder: false
          ) { (out + $0).initialize(to: Sample(x: $1, y: 0)) }
        case 1:
          ok = BinaryFormat.decodeRun(
            base, &p, end, bitmap: bits, count: n, &value, q[c], &b, checksOrder: false
          ) { out[$0].y = $1 }
        case 2:
          ok = BinaryFormat.decodeRun(
            base, &p, end, bitmap: bits, count: n, &value, q[c], &b, checksOrder: true
          ) { out[$0].time = $1 }
        case 3:
          ok = BinaryFormat.decodeRun(
            base, &p, end, bitmap: bits, count: n, &value, q[c], &b, checksOrder: false
          ) { out[$0].pressure = $1 }
        case 4:
          ok = BinaryFormat.decodeRun(
            base, &p, end, bitmap: bits, count: n, &value, q[c], &b, checksOrder: false
          ) { out[$0].tilt = $1 }
        default:
          ok = BinaryFormat.decodeRun(
            base, &p, end, bitmap: bits, count: n, &value, q[c], &b, checksOrder: false
          ) { out[$0].azimuth = $1 }
        }
        guard ok else {
          failedChannel = c
          failedAt = start
          return
        }
        previous[c] = value
        bounds[c] = b
      }
      r.position = p
      initialized = n
    }
    if failedChannel >= 0 {
      throw r.error(
        BinaryFormat.channelNames[failedChannel],
        "must hold \(present[failedChannel]) complete zig-zag varints", "cut off or overlong",
        at: failedAt)
    }
    var stroke = Stroke(samples: samples, attributes: attributes)
    let limit = SampleRules.maxCoordinate
    let time = bounds[2]
    let clean =
      bounds[0].within(-limit, limit) && bounds[1].within(-limit, limit)
      && (present[2] == 0
        || (time.low >= 0 && time.low.isFinite && time.high.isFinite && time.rising
          && InputEnvelope.time.admits(time.high)))
      && bounds[3].within(0, 1) && bounds[4].within(0, Double.pi / 2)
      && bounds[5].low >= 0 && bounds[5].high < 2 * Double.pi
    if !clean {
      try rules.check(&stroke, strokeIndex: strokeIndex, counted: true) { _ in .byte(nAt) }
    }
    return stroke
  }
}
