import Foundation
import SigbenchCore

/// sigbench's compact binary ink (`.sbi`), version 1: per-channel quantised integers stored
/// as zig-zag varint deltas, the idea of google/ink's `CodedNumericRun`
/// (`ink/storage/proto/`). The full layout is in `BinaryFormat.md` beside this file; in short:
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
/// google/ink's encoder (`ink/storage/stroke_input_batch.cc`).
///
/// Decode cost: O(bytes), one pass per channel straight into the samples (reading in
/// `BinaryFormat+Reading.swift`); no read goes past the buffer's end. A trace whose values are
/// all within `SampleRules`' ranges (times rising) skips the rules' second pass.
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

}
