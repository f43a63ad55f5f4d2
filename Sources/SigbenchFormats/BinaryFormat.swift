import Foundation
import SigbenchCore

/// sigbench's compact binary ink (`.sbi`), version 1: per-channel quantised integers stored
/// as zig-zag varint deltas, the idea of google/ink's `CodedNumericRun` (stroke-formats.md
/// §7). The full layout is in `BinaryFormat.md` beside this file; in short:
///
/// ```
/// "SBIK" · varint version (1) · varint flags (bit 0: ground truth follows)
/// 6 × float64 LE quanta: x, y (px), t (s), pressure (1), tilt, azimuth (rad)
/// metadata: varint presence bits (0 source, 1 device, 2 sampleRate, 3 licence,
///   4 attribution, 5 nominalScale) · the present strings / float64 · nativeUnits string ·
///   varint note count · notes
/// varint ink trace count · varint hover trace count
/// per trace (ink, then hover):
///   varint n · varint attribute count · (string key, string value)…
///   byte modes: 2 bits per optional channel t, pressure, tilt, azimuth (bits 0–1, 2–3, …):
///     0 absent, 1 on every sample, 2 on some (a presence bitmap of ⌈n/8⌉ bytes follows, LSB
///     first, in channel order)
///   x: n zig-zag varint deltas · y: n deltas · each present optional channel: its deltas
/// ground truth (flag bit 0): varint line count · per line varint n · x deltas · y deltas
/// strings: varint byte length · UTF-8
/// ```
///
/// Each value v is quantised on its own, q = round(v / quantum), and the stored number is
/// q minus the previous q of the same channel (carried across traces, starting at 0). Rounding
/// therefore never accumulates: every decoded value is within quantum/2 of the original, and
/// decoding an encoded decode gives the same bits (quantising q·quantum gives q back).
/// Default quanta: 1/64 px; 1 µs; pressure 1/4096, tilt (π/2)/4096 and azimuth 2π/4096 as in
/// google/ink's encoder (§7).
///
/// Decode cost: O(bytes), one pass per channel; bounds are checked on every read.
public struct BinaryFormat: StrokeFormat {
  public static let magic: [UInt8] = Array("SBIK".utf8)
  public static let version = 1

  /// The step of each channel, in the channel's internal unit.
  public struct Quanta: Sendable, Hashable, Codable {
    public var position: Double
    public var time: Double
    public var pressure: Double
    public var tilt: Double
    public var azimuth: Double

    public init(
      position: Double = 1.0 / 64, time: Double = 1e-6, pressure: Double = 1.0 / 4096,
      tilt: Double = Double.pi / 2 / 4096, azimuth: Double = 2 * Double.pi / 4096
    ) {
      self.position = position
      self.time = time
      self.pressure = pressure
      self.tilt = tilt
      self.azimuth = azimuth
    }
  }

  /// Quanta the writer uses (the reader takes the file's own).
  public var quanta: Quanta

  public init(quanta: Quanta = Quanta()) { self.quanta = quanta }

  public let descriptor = FormatDescriptor(
    id: "sbi", name: "sigbench binary ink (.sbi, v1)", extensions: ["sbi"], canWrite: true,
    units: "CSS px, s, 0–1, rad quantised (default 1/64 px, 1 µs, 1/4096, (π/2)/4096, 2π/4096)",
    summary: "Compact: per-channel quantised zig-zag varint deltas, declared quantum per channel.")

  public func sniff(_ data: Data) -> Bool { data.prefix(4).elementsEqual(BinaryFormat.magic) }

  // MARK: Writing

  public func encode(_ drawing: Drawing) throws(FormatError) -> Data {
    let q = [
      quanta.position, quanta.position, quanta.time, quanta.pressure, quanta.tilt, quanta.azimuth,
    ]
    for (i, v) in q.enumerated() where !(v > 0 && v.isFinite) {
      throw FormatError(
        .invalidValue, file: drawing.name, location: .file, field: "quantum \(i)",
        rule: "must be a positive finite number", value: String(v))
    }
    var out: [UInt8] = BinaryFormat.magic
    out.reserveCapacity(64 + drawing.sampleCount * 8)
    BinaryByteWriter.varint(UInt64(BinaryFormat.version), into: &out)
    BinaryByteWriter.varint(drawing.groundTruth == nil ? 0 : 1, into: &out)
    for v in q { BinaryByteWriter.float64LE(v, into: &out) }
    BinaryFormat.writeMetadata(drawing.metadata, into: &out)
    BinaryByteWriter.varint(UInt64(drawing.strokes.count), into: &out)
    BinaryByteWriter.varint(UInt64(drawing.hover.count), into: &out)
    var previous = [Int64](repeating: 0, count: 6)
    for s in drawing.strokes + drawing.hover {
      try writeTrace(s, q, &previous, &out, file: drawing.name)
    }
    if let gt = drawing.groundTruth {
      var px: Int64 = 0
      var py: Int64 = 0
      BinaryByteWriter.varint(UInt64(gt.strokes.count), into: &out)
      for line in gt.strokes {
        BinaryByteWriter.varint(UInt64(line.count), into: &out)
        for p in line {
          let v = try quantise(p.x, q[0], "groundTruth x", drawing.name)
          BinaryByteWriter.zigzag(v &- px, into: &out)
          px = v
        }
        for p in line {
          let v = try quantise(p.y, q[1], "groundTruth y", drawing.name)
          BinaryByteWriter.zigzag(v &- py, into: &out)
          py = v
        }
      }
    }
    return Data(out)
  }

  /// round(v / quantum) as an integer; throws when v is not finite or too large for 62 bits.
  @inline(__always)
  func quantise(_ v: Double, _ quantum: Double, _ field: String, _ file: String)
    throws(FormatError) -> Int64
  {
    let r = (v / quantum).rounded()
    guard abs(r) < 4.6e18 else {
      throw FormatError(
        .invalidValue, file: file, location: .file, field: field,
        rule: "must be finite and within ±4.6e18 quanta", value: String(v))
    }
    return Int64(r)
  }

  static func channel(_ s: Sample, _ c: Int) -> Double? {
    switch c {
    case 2: return s.time
    case 3: return s.pressure
    case 4: return s.tilt
    default: return s.azimuth
    }
  }

  private func writeTrace(
    _ s: Stroke, _ q: [Double], _ previous: inout [Int64], _ out: inout [UInt8], file: String
  ) throws(FormatError) {
    let n = s.samples.count
    BinaryByteWriter.varint(UInt64(n), into: &out)
    BinaryByteWriter.varint(UInt64(s.attributes.count), into: &out)
    for (k, v) in s.attributes.sorted(by: { $0.key < $1.key }) {
      BinaryByteWriter.string(k, into: &out)
      BinaryByteWriter.string(v, into: &out)
    }
    var modes: UInt8 = 0
    var counts = [Int](repeating: 0, count: 6)
    for c in 2..<6 {
      counts[c] = s.samples.reduce(0) { $0 + (BinaryFormat.channel($1, c) == nil ? 0 : 1) }
      let mode: UInt8 = counts[c] == 0 ? 0 : (counts[c] == n ? 1 : 2)
      modes |= mode << UInt8(2 * (c - 2))
    }
    out.append(modes)
    for c in 2..<6 where counts[c] > 0 && counts[c] < n {
      var bitmap = [UInt8](repeating: 0, count: (n + 7) / 8)
      for (i, p) in s.samples.enumerated() where BinaryFormat.channel(p, c) != nil {
        bitmap[i >> 3] |= 1 << UInt8(i & 7)
      }
      out.append(contentsOf: bitmap)
    }
    for p in s.samples {
      let v = try quantise(p.x, q[0], "x", file)
      BinaryByteWriter.zigzag(v &- previous[0], into: &out)
      previous[0] = v
    }
    for p in s.samples {
      let v = try quantise(p.y, q[1], "y", file)
      BinaryByteWriter.zigzag(v &- previous[1], into: &out)
      previous[1] = v
    }
    for c in 2..<6 where counts[c] > 0 {
      for p in s.samples {
        guard let raw = BinaryFormat.channel(p, c) else { continue }
        let v = try quantise(raw, q[c], BinaryFormat.channelNames[c], file)
        BinaryByteWriter.zigzag(v &- previous[c], into: &out)
        previous[c] = v
      }
    }
  }

  static func writeMetadata(_ m: DrawingMetadata, into out: inout [UInt8]) {
    var bits: UInt64 = 0
    if m.source != nil { bits |= 1 }
    if m.device != nil { bits |= 2 }
    if m.sampleRate != nil { bits |= 4 }
    if m.licence != nil { bits |= 8 }
    if m.attribution != nil { bits |= 16 }
    if m.nominalScale { bits |= 32 }
    BinaryByteWriter.varint(bits, into: &out)
    if let v = m.source { BinaryByteWriter.string(v, into: &out) }
    if let v = m.device { BinaryByteWriter.string(v, into: &out) }
    if let v = m.sampleRate { BinaryByteWriter.float64LE(v, into: &out) }
    if let v = m.licence { BinaryByteWriter.string(v, into: &out) }
    if let v = m.attribution { BinaryByteWriter.string(v, into: &out) }
    BinaryByteWriter.string(m.nativeUnits, into: &out)
    BinaryByteWriter.varint(UInt64(m.notes.count), into: &out)
    for n in m.notes { BinaryByteWriter.string(n, into: &out) }
  }

  static func readMetadata(_ r: inout BinaryByteReader) throws(FormatError) -> DrawingMetadata {
    let at = r.position
    let bits = try r.varint("metadata presence bits")
    guard bits < 64 else {
      throw r.error("metadata presence bits", "must use bits 0–5 only", String(bits), at: at)
    }
    func string(_ r: inout BinaryByteReader, _ field: String) throws(FormatError) -> String {
      try r.utf8(try r.count("\(field) length", limit: r.remaining), field)
    }
    var m = DrawingMetadata()
    if bits & 1 != 0 { m.source = try string(&r, "source") }
    if bits & 2 != 0 { m.device = try string(&r, "device") }
    if bits & 4 != 0 { m.sampleRate = try r.float64LE("sampleRate") }
    if bits & 8 != 0 { m.licence = try string(&r, "licence") }
    if bits & 16 != 0 { m.attribution = try string(&r, "attribution") }
    m.nominalScale = bits & 32 != 0
    m.nativeUnits = try string(&r, "nativeUnits")
    let notes = try r.count("note count", limit: r.remaining)
    for _ in 0..<notes { m.notes.append(try string(&r, "note")) }
    return m
  }

  static let channelNames = ["x", "y", "t", "pressure", "tilt", "azimuth"]

  /// Decodes the run of channel `channel` (0 x, 1 y, 2 t, 3 pressure, 4 tilt, 5 azimuth)
  /// from `base[position..<end]`: one zig-zag varint delta per sample of `out[0..<count]`
  /// (only those whose `bitmap` bit is set, when a bitmap is given), each added to `value`
  /// and stored as `value · quantum`. Returns false when the bytes run out or a varint is
  /// longer than 10 bytes. The reader's hot loop: no allocation, no throwing.
  @inline(__always)
  static func decodeRun(
    _ base: UnsafePointer<UInt8>, _ position: inout Int, _ end: Int, channel: Int,
    bitmap: UnsafeBufferPointer<UInt8>?, count: Int, _ value: inout Int64, _ quantum: Double,
    _ out: UnsafeMutablePointer<Sample>
  ) -> Bool {
    var p = position
    var v = value
    for i in 0..<count {
      if let bitmap, bitmap[i >> 3] & (1 << UInt8(i & 7)) == 0 { continue }
      // Unrolled for the usual 1–3 byte varints; longer ones (and the buffer's end) go out
      // of line.
      var u: UInt64
      if p + 3 <= end {
        let b0 = UInt64(base[p])
        let b1 = UInt64(base[p + 1])
        let b2 = UInt64(base[p + 2])
        if b0 < 0x80 {
          u = b0
          p += 1
        } else if b1 < 0x80 {
          u = (b0 & 0x7F) | b1 << 7
          p += 2
        } else if b2 < 0x80 {
          u = (b0 & 0x7F) | (b1 & 0x7F) << 7 | b2 << 14
          p += 3
        } else {
          guard let long = longVarint(base, &p, end) else { return false }
          u = long
        }
      } else {
        guard let long = longVarint(base, &p, end) else { return false }
        u = long
      }
      v = v &+ Int64(bitPattern: (u >> 1) ^ (0 &- (u & 1)))
      let d = Double(v) * quantum
      switch channel {
      case 0: (out + i).initialize(to: Sample(x: d, y: 0))
      case 1: out[i].y = d
      case 2: out[i].time = d
      case 3: out[i].pressure = d
      case 4: out[i].tilt = d
      default: out[i].azimuth = d
      }
    }
    position = p
    value = v
    return true
  }

  /// A varint of two or more bytes at `base[p]`: branch-free from one 8-byte load when 8
  /// bytes are left and the varint ends within them (the first byte with a clear top bit ends
  /// it; its 7-bit groups are packed), else byte by byte. `nil` when cut off or longer than
  /// 10 bytes. Kept out of line so the one-byte path stays small.
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
    var q = [Double](repeating: 0, count: 6)
    let names = ["x", "y", "t", "pressure", "tilt", "azimuth"]
    for c in 0..<6 {
      let at = r.position
      q[c] = try r.float64LE("quantum \(names[c])")
      guard q[c] > 0, q[c].isFinite else {
        throw r.error(
          "quantum \(names[c])", "must be a positive finite number", String(q[c]), at: at)
      }
    }
    let metadata = try BinaryFormat.readMetadata(&r)
    let inkCount = try r.count("ink trace count", limit: r.remaining)
    let hoverCount = try r.count("hover trace count", limit: r.remaining)
    try rules.checkStrokeCount(inkCount + hoverCount)
    var previous = [Int64](repeating: 0, count: 6)
    var traces: [Stroke] = []
    traces.reserveCapacity(inkCount + hoverCount)
    var starts: [Int] = []
    for k in 0..<(inkCount + hoverCount) {
      starts.append(r.position)
      // Checked right away, while the trace's samples are still in cache.
      var trace = try readTrace(&r, q, &previous, index: k, rules: rules)
      let at = starts[k]
      try rules.check(&trace, strokeIndex: k < inkCount ? k : k - inkCount) { _ in .byte(at) }
      traces.append(trace)
    }
    var groundTruth: GroundTruth?
    if flags & 1 == 1 {
      let lineCount = try r.count("ground truth line count", limit: r.remaining)
      var lines: [[Point]] = []
      var px: Int64 = 0
      var py: Int64 = 0
      for _ in 0..<lineCount {
        let n = try r.count("ground truth point count", limit: r.remaining / 2)
        var line = [Point](repeating: .zero, count: n)
        for i in 0..<n {
          px = px &+ (try r.zigzag("ground truth x"))
          line[i].x = Double(px) * q[0]
        }
        for i in 0..<n {
          py = py &+ (try r.zigzag("ground truth y"))
          line[i].y = Double(py) * q[1]
        }
        lines.append(line)
      }
      groundTruth = GroundTruth(strokes: lines)
    }
    guard r.isAtEnd else {
      throw r.error("end", "must follow the last section", "\(r.remaining) extra byte(s)")
    }
    let drawing = Drawing(
      name: file, strokes: Array(traces[..<inkCount]), hover: Array(traces[inkCount...]),
      metadata: metadata, groundTruth: groundTruth)
    return DecodeResult(drawings: [drawing], warnings: rules.warnings)
  }

  private func readTrace(
    _ r: inout BinaryByteReader, _ q: [Double], _ previous: inout [Int64], index: Int,
    rules: SampleRules
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
    var bitmaps = [UnsafeBufferPointer<UInt8>?](repeating: nil, count: 6)
    var present = [Int](repeating: n, count: 6)
    for c in 2..<6 {
      let mode = (modes >> UInt8(2 * (c - 2))) & 3
      guard mode != 3 else {
        throw r.error("channel modes", "must use 0, 1 or 2 per channel", String(modes), at: modesAt)
      }
      if mode == 0 { present[c] = 0 }
      if mode == 2 {
        let bitmap = try r.bytes((n + 7) / 8, "presence bitmap")
        bitmaps[c] = bitmap
        var count = 0
        for i in 0..<n where bitmap[i >> 3] & (1 << UInt8(i & 7)) != 0 { count += 1 }
        present[c] = count
      }
    }
    // Each present channel is decoded straight into the samples, one run after another.
    var failedChannel = -1
    var failedAt = 0
    // The x run (always present) initialises every sample; the other runs fill them in. The
    // samples are plain values (no references), so a failed read can leave the buffer empty.
    let samples = [Sample](unsafeUninitializedCapacity: n) { buffer, initialized in
      initialized = 0
      guard let out = buffer.baseAddress, let base = r.bytes.baseAddress else { return }
      var position = r.position
      for c in 0..<6 where present[c] > 0 {
        var value = previous[c]
        let start = position
        let ok = BinaryFormat.decodeRun(
          base, &position, r.end, channel: c, bitmap: bitmaps[c], count: n, &value, q[c], out)
        guard ok else {
          failedChannel = c
          failedAt = start
          return
        }
        previous[c] = value
      }
      r.position = position
      initialized = n
    }
    if failedChannel >= 0 {
      throw r.error(
        BinaryFormat.channelNames[failedChannel],
        "must hold \(present[failedChannel]) complete zig-zag varints", "cut off or overlong",
        at: failedAt)
    }
    return Stroke(samples: samples, attributes: attributes)
  }
}
