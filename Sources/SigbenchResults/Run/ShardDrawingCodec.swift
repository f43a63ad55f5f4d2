import Foundation
import SigbenchCore

/// The binary form of `shard-drawings.bin`: one record per drawing (`ShardDrawingRecord`), so
/// `merge` reads a drawing's figures in microseconds (JSON took about 0.4 ms a drawing, more
/// than a shard spends measuring it).
///
/// Layout, little-endian throughout:
/// - the header: the magic `SIGBENCH-SHARD-DRAWINGS 2\n`, then three `UInt32`s: strategies,
///   catalog metrics (`QualityMetric.catalog.count`) and counts (`QualityFigures.counts.count`),
///   which a reader checks against its own build;
/// - each record: its byte length (`UInt32`), then the file ordinal and drawing index (`Int64`
///   each), the motion (a flag; `UInt32` length, UTF-8 bytes and a `Float64` rate when
///   present), the plain entry (a flag; when present its name and format, strokes, points
///   and hover points (`Int64`), timed and pressure (flags), the metadata as a count and
///   key–value pairs sorted by key, and the sample rate (a flag, `Float64`); strings are a
///   `UInt32` length and UTF-8 bytes; a flag is a byte, 0 or 1, anything else refused), and
///   per strategy the figures: every count (`Int64`), a byte of flags for the six optional
///   properties (predictions, scored predictions, reference, pressure, ink length, churn max)
///   and each present one, then a bit mask of the present metric values and those values
///   (`Float64`). Doubles are stored as their bits, so every figure reads back exactly.
///
/// A reader takes a record where it lies (a mapped file), whole or in part: `decodeEntry` stops
/// after the entry, `decodeFigures` steps over it.
public enum ShardDrawingCodec {
  public static let magic = Array("SIGBENCH-SHARD-DRAWINGS 2\n".utf8)

  /// The header for `strategies` strategies.
  public static func header(strategies: Int) -> Data {
    var w = Writer()
    w.bytes(magic)
    w.u32(UInt32(strategies))
    w.u32(UInt32(QualityMetric.catalog.count))
    w.u32(UInt32(QualityFigures.counts.count))
    return w.data
  }

  /// One record, length first.
  public static func encode(_ r: ShardDrawingRecord) -> Data {
    var w = Writer()
    w.i64(r.file)
    w.i64(r.drawing)
    if let motion = r.motion, let rate = r.rate {
      w.u8(1)
      let utf8 = Array(motion.utf8)
      w.u32(UInt32(utf8.count))
      w.bytes(utf8)
      w.f64(rate)
    } else {
      w.u8(0)
    }
    if let e = r.entry {
      w.u8(1)
      w.entry(e)
    } else {
      w.u8(0)
    }
    for f in r.figures { w.figures(f) }
    var out = Writer()
    out.u32(UInt32(w.data.count))
    out.data.append(w.data)
    return out.data
  }

  /// Why a file or record cannot be read.
  public struct DecodeError: Error, CustomStringConvertible {
    public var description: String
  }

  /// Checks a header; returns the strategy count.
  public static func readHeader(_ bytes: Data) throws(DecodeError) -> Int {
    let read = bytes.withUnsafeBytes { b in
      Result { () throws(DecodeError) -> Int in
        var r = Reader(b)
        guard (try? r.bytes(magic.count)).map(Array.init) == magic else {
          throw DecodeError(
            description:
              "not a shard drawings file (no '\(String(decoding: magic.dropLast(), as: UTF8.self))' header)"
          )
        }
        let strategies = Int(try r.u32())
        let metrics = Int(try r.u32())
        let counts = Int(try r.u32())
        guard metrics == QualityMetric.catalog.count, counts == QualityFigures.counts.count else {
          throw DecodeError(
            description: "written with \(metrics) metrics and \(counts) counts; this build has "
              + "\(QualityMetric.catalog.count) and \(QualityFigures.counts.count)")
        }
        return strategies
      }
    }
    return try read.get()
  }

  /// The header's length in bytes.
  public static var headerLength: Int { magic.count + 12 }

  /// One record's payload (after its length) for `strategies` strategies.
  public static func decode(_ payload: Data, strategies: Int) throws(DecodeError)
    -> ShardDrawingRecord
  {
    var record = ShardDrawingRecord(file: 0, drawing: 0, figures: [], motion: nil)
    let done = payload.withUnsafeBytes { bytes in
      Result { () throws(DecodeError) in
        try decode(bytes, strategies: strategies, into: &record)
      }
    }
    try done.get()
    return record
  }

  /// One record's payload (after its length) for `strategies` strategies, read in place into
  /// `record`, every member overwritten. When `record` already holds `strategies` figure sets
  /// they are overwritten where they are, so a reader that reuses one record allocates nothing
  /// for the figures (`merge` reads millions of records).
  public static func decode(
    _ payload: UnsafeRawBufferPointer, strategies: Int, into record: inout ShardDrawingRecord
  ) throws(DecodeError) {
    var r = Reader(payload)
    record.file = Int(try r.i64())
    record.drawing = Int(try r.i64())
    let motion = try r.motion()
    record.motion = motion?.motion
    record.rate = motion?.rate
    record.entry = try r.bool() ? try r.entry() : nil
    try r.figures(strategies, into: &record.figures)
  }

  /// A record's key and plain entry (`nil` when it has none), read from the start of its
  /// payload; the figures after them are neither read nor checked.
  public static func decodeEntry(_ payload: UnsafeRawBufferPointer) throws(DecodeError)
    -> (file: Int, drawing: Int, entry: SampleEntry?)
  {
    var r = Reader(payload)
    let file = Int(try r.i64())
    let drawing = Int(try r.i64())
    _ = try r.motion()
    return (file, drawing, try r.bool() ? try r.entry() : nil)
  }

  /// A record's figures for `strategies` strategies into `figures` (overwritten in place when
  /// it holds as many sets) and its motion; the entry before them is stepped over unread.
  public static func decodeFigures(
    _ payload: UnsafeRawBufferPointer, strategies: Int, into figures: inout [QualityFigures]
  ) throws(DecodeError) -> MotionKey? {
    var r = Reader(payload)
    _ = try r.i64()
    _ = try r.i64()
    let motion = try r.motion()
    if try r.bool() { try r.skipEntry() }
    try r.figures(strategies, into: &figures)
    return motion
  }

  struct Writer {
    var data = Data()
    mutating func bytes(_ b: [UInt8]) { data.append(contentsOf: b) }
    mutating func u8(_ v: UInt8) { data.append(v) }
    mutating func u32(_ v: UInt32) {
      withUnsafeBytes(of: v.littleEndian) { data.append(contentsOf: $0) }
    }
    mutating func i64(_ v: Int) {
      withUnsafeBytes(of: Int64(v).littleEndian) { data.append(contentsOf: $0) }
    }
    mutating func f64(_ v: Double) {
      withUnsafeBytes(of: v.bitPattern.littleEndian) { data.append(contentsOf: $0) }
    }

    mutating func string(_ s: String) {
      let utf8 = Array(s.utf8)
      u32(UInt32(utf8.count))
      bytes(utf8)
    }

    mutating func entry(_ e: SampleEntry) {
      string(e.name)
      string(e.format)
      i64(e.strokes)
      i64(e.points)
      i64(e.hoverPoints)
      u8(e.timed ? 1 : 0)
      u8(e.hasPressure ? 1 : 0)
      u32(UInt32(e.metadata.count))
      for (k, v) in e.metadata.sorted(by: { $0.key < $1.key }) {
        string(k)
        string(v)
      }
      if let rate = e.sampleRate {
        u8(1)
        f64(rate)
      } else {
        u8(0)
      }
    }

    mutating func figures(_ f: QualityFigures) {
      for i in QualityFigures.counts.indices { i64(f.count(at: i)) }
      var flags: UInt8 = 0
      if f.predictions != nil { flags |= 1 }
      if f.scoredPredictions != nil { flags |= 2 }
      if f.reference != nil { flags |= 4 }
      if f.pressure != nil { flags |= 8 }
      if f.inkLength != nil { flags |= 16 }
      if f.churnMax != nil { flags |= 32 }
      u8(flags)
      if let v = f.predictions { i64(v) }
      if let v = f.scoredPredictions { i64(v) }
      if let v = f.reference { u8(UInt8(AccuracyReference.allCases.firstIndex(of: v)!)) }
      if let p = f.pressure { pressure(p) }
      if let v = f.inkLength { f64(v) }
      if let v = f.churnMax { f64(v) }
      let slots = f.slots
      var mask = [UInt8](repeating: 0, count: (slots.count + 7) / 8)
      for (i, v) in slots.enumerated() where v != nil { mask[i / 8] |= 1 << (i % 8) }
      bytes(mask)
      for v in slots { if let v { f64(v) } }
    }

    mutating func pressure(_ p: PressureCredibility) {
      u8(UInt8(PressureCredibility.Finding.allCases.firstIndex(of: p.finding)!))
      i64(p.samples)
      i64(p.samplesWithPressure)
      i64(p.distinctLevels)
      let optional = [p.mostFrequentValue, p.mostFrequentShare, p.minimum, p.maximum]
      var flags: UInt8 = 0
      for (i, v) in optional.enumerated() where v != nil { flags |= 1 << i }
      u8(flags)
      for v in optional { if let v { f64(v) } }
    }
  }

  /// Reads a payload where it lies (the mapped file), without copying it.
  struct Reader {
    let data: UnsafeRawBufferPointer
    var at = 0

    init(_ data: UnsafeRawBufferPointer) { self.data = data }

    var atEnd: Bool { at == data.count }
    var remaining: Int { data.count - at }

    /// The next `n` bytes, in place.
    mutating func bytes(_ n: Int) throws(DecodeError) -> UnsafeRawBufferPointer {
      guard n >= 0, remaining >= n else {
        throw DecodeError(description: "cut short at byte \(at)")
      }
      defer { at += n }
      return UnsafeRawBufferPointer(rebasing: data[at..<at + n])
    }

    mutating func raw<T: FixedWidthInteger>(_: T.Type) throws(DecodeError) -> T {
      let n = MemoryLayout<T>.size
      guard remaining >= n else { throw DecodeError(description: "cut short at byte \(at)") }
      let v = data.loadUnaligned(fromByteOffset: at, as: T.self)
      at += n
      return T(littleEndian: v)
    }

    mutating func u8() throws(DecodeError) -> UInt8 { try raw(UInt8.self) }
    mutating func u32() throws(DecodeError) -> UInt32 { try raw(UInt32.self) }
    mutating func i64() throws(DecodeError) -> Int64 { try raw(Int64.self) }
    mutating func f64() throws(DecodeError) -> Double { Double(bitPattern: try raw(UInt64.self)) }

    mutating func string() throws(DecodeError) -> String {
      String(decoding: try bytes(Int(try u32())), as: UTF8.self)
    }

    /// The motion and its rate, after a flag byte.
    mutating func motion() throws(DecodeError) -> MotionKey? {
      guard try bool() else { return nil }
      let motion = try string()
      return MotionKey(motion: motion, rate: try f64())
    }

    /// Steps over an entry (`entry()`), reading only its lengths and truth values.
    mutating func skipEntry() throws(DecodeError) {
      _ = try bytes(Int(try u32()))
      _ = try bytes(Int(try u32()))
      _ = try bytes(24)
      _ = try bool()
      _ = try bool()
      let pairs = Int(try u32())
      guard pairs <= remaining / 8 else {
        throw DecodeError(description: "\(pairs) metadata pairs in \(remaining) bytes")
      }
      for _ in 0..<2 * pairs { _ = try bytes(Int(try u32())) }
      if try bool() { _ = try f64() }
    }

    /// `strategies` figure sets into `figures`, overwritten in place when it holds as many,
    /// and the end of the payload.
    mutating func figures(_ strategies: Int, into figures: inout [QualityFigures])
      throws(DecodeError)
    {
      if figures.count != strategies {
        figures = Array(repeating: QualityFigures(), count: strategies)
      }
      for k in 0..<strategies { try self.figures(into: &figures[k]) }
      guard atEnd else { throw DecodeError(description: "\(remaining) bytes left over") }
    }

    mutating func bool() throws(DecodeError) -> Bool {
      switch try u8() {
      case 0: return false
      case 1: return true
      case let v:
        throw DecodeError(description: "byte \(at - 1): \(v) is not a truth value (0 or 1)")
      }
    }

    mutating func entry() throws(DecodeError) -> SampleEntry {
      let name = try string()
      let format = try string()
      let strokes = Int(try i64())
      let points = Int(try i64())
      let hover = Int(try i64())
      let timed = try bool()
      let pressure = try bool()
      let pairs = Int(try u32())
      // Each pair takes at least its two lengths: a count beyond that is not believed.
      guard pairs <= remaining / 8 else {
        throw DecodeError(description: "\(pairs) metadata pairs in \(remaining) bytes")
      }
      var metadata: [String: String] = [:]
      metadata.reserveCapacity(pairs)
      for _ in 0..<pairs {
        let k = try string()
        metadata[k] = try string()
      }
      var e = SampleEntry(
        name: name, format: format, strokes: strokes, points: points, hoverPoints: hover,
        timed: timed, hasPressure: pressure, metadata: metadata, rawImage: "", images: [:])
      if try bool() { e.sampleRate = try f64() }
      return e
    }

    /// One strategy's figures into `f`, every member overwritten (absent ones set to `nil`).
    mutating func figures(into f: inout QualityFigures) throws(DecodeError) {
      for i in QualityFigures.counts.indices { f.setCount(Int(try i64()), at: i) }
      let flags = try u8()
      f.predictions = flags & 1 != 0 ? Int(try i64()) : nil
      f.scoredPredictions = flags & 2 != 0 ? Int(try i64()) : nil
      f.reference = nil
      if flags & 4 != 0 {
        let k = Int(try u8())
        guard k < AccuracyReference.allCases.count else {
          throw DecodeError(description: "reference \(k) unknown")
        }
        f.reference =
          AccuracyReference.allCases[
            AccuracyReference.allCases.index(
              AccuracyReference.allCases.startIndex, offsetBy: k)]
      }
      f.pressure = flags & 8 != 0 ? try pressure() : nil
      f.inkLength = flags & 16 != 0 ? try f64() : nil
      f.churnMax = flags & 32 != 0 ? try f64() : nil
      let n = QualityMetric.catalog.count
      if f.slots.count != n { f.slots = Array(repeating: nil, count: n) }
      let mask = try bytes((n + 7) / 8)
      for i in 0..<n {
        f.slots[i] = mask[i / 8] & (1 << (i % 8)) != 0 ? try f64() : nil
      }
    }

    mutating func pressure() throws(DecodeError) -> PressureCredibility {
      let all = PressureCredibility.Finding.allCases
      let k = Int(try u8())
      guard k < all.count else { throw DecodeError(description: "pressure finding \(k) unknown") }
      var p = PressureCredibility(
        finding: all[all.index(all.startIndex, offsetBy: k)], samples: Int(try i64()),
        samplesWithPressure: Int(try i64()), distinctLevels: Int(try i64()))
      let flags = try u8()
      if flags & 1 != 0 { p.mostFrequentValue = try f64() }
      if flags & 2 != 0 { p.mostFrequentShare = try f64() }
      if flags & 4 != 0 { p.minimum = try f64() }
      if flags & 8 != 0 { p.maximum = try f64() }
      return p
    }
  }
}
