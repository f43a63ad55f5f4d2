import Foundation
import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchFormats

/// sigbench binary ink `.sbi` (BinaryFormat.md).
struct BinaryFormatTests {
  let format = BinaryFormat()
  let q = BinaryFormat.Quanta()

  /// Largest difference between two drawings of the same shape, per channel; `nil` when the
  /// shapes (trace counts, sample counts, channel presence, attributes) differ. Azimuth is
  /// compared on the circle.
  func worstErrors(_ a: Drawing, _ b: Drawing) -> [String: Double]? {
    guard a.strokes.count == b.strokes.count, a.hover.count == b.hover.count else { return nil }
    var worst: [String: Double] = ["x": 0, "y": 0, "t": 0, "pressure": 0, "tilt": 0, "azimuth": 0]
    func note(_ k: String, _ u: Double?, _ v: Double?) -> Bool {
      switch (u, v) {
      case (nil, nil): return true
      case (let u?, let v?):
        var d = abs(u - v)
        if k == "azimuth" { d = min(d, 2 * Double.pi - d) }
        worst[k] = max(worst[k]!, d)
        return true
      default: return false
      }
    }
    for (s, r) in zip(a.strokes + a.hover, b.strokes + b.hover) {
      guard s.samples.count == r.samples.count, s.attributes == r.attributes else { return nil }
      for (p, o) in zip(s.samples, r.samples) {
        guard note("x", p.x, o.x), note("y", p.y, o.y), note("t", p.time, o.time),
          note("pressure", p.pressure, o.pressure), note("tilt", p.tilt, o.tilt),
          note("azimuth", p.azimuth, o.azimuth)
        else { return nil }
      }
    }
    return worst
  }

  @Test func roundTripsWithinTheQuantumAndIsIdempotent() throws {
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    for k in 0..<100 {
      let d = randomDrawing(&rng, name: "random-\(k)")
      let once = try format.decode(try format.encode(d), file: d.name, options: .init())
      #expect(once.warnings.isEmpty, "seed \(seed) case \(k): \(once.warnings)")
      let a = once.drawings[0]
      let worst = try #require(worstErrors(d, a), "seed \(seed) case \(k): shape changed")
      let eps = 1e-9
      #expect(worst["x"]! <= q.position / 2 + eps, "seed \(seed) case \(k)")
      #expect(worst["y"]! <= q.position / 2 + eps, "seed \(seed) case \(k)")
      #expect(worst["t"]! <= q.time / 2 + eps, "seed \(seed) case \(k)")
      #expect(worst["pressure"]! <= q.pressure / 2 + eps, "seed \(seed) case \(k)")
      #expect(worst["tilt"]! <= q.tilt / 2 + eps, "seed \(seed) case \(k)")
      #expect(worst["azimuth"]! <= q.azimuth / 2 + eps, "seed \(seed) case \(k)")
      #expect(a.metadata == d.metadata, "seed \(seed) case \(k)")
      #expect((a.groundTruth == nil) == (d.groundTruth == nil), "seed \(seed) case \(k)")
      if let g = d.groundTruth, let h = a.groundTruth {
        for (l, m) in zip(g.strokes, h.strokes) {
          #expect(l.count == m.count)
          for (p, o) in zip(l, m) {
            #expect(
              abs(p.x - o.x) <= q.position / 2 + eps && abs(p.y - o.y) <= q.position / 2 + eps)
          }
        }
      }
      let twice = try format.decode(try format.encode(a), file: d.name, options: .init())
      #expect(twice.drawings[0] == a, "seed \(seed) case \(k): second round trip differs")
      #expect(try format.encode(a) == format.encode(twice.drawings[0]), "seed \(seed) case \(k)")
    }
  }

  /// The branch-free 8-byte varint path and the byte-at-a-time path (near the end of the
  /// buffer, and for 9–10 byte varints) agree with the writer for every length.
  @Test func decodesVarintsOfEveryLength() {
    var values: [Int64] = [0, -1, 1, 63, -64, 64, 8191, -8192, 1 << 20, -(1 << 27), 1 << 34]
    values += [1 << 41, -(1 << 48), 1 << 55, Int64.max / 2, Int64.min / 2, Int64.max, Int64.min]
    var bytes: [UInt8] = []
    var previous: Int64 = 0
    for v in values {
      BinaryByteWriter.zigzag(v &- previous, into: &bytes)
      previous = v
    }
    var samples = [Sample](repeating: Sample(x: 0, y: 0), count: values.count)
    var position = 0
    var value: Int64 = 0
    var bounds = BinaryRunBounds()
    let ok = bytes.withUnsafeBufferPointer { b in
      samples.withUnsafeMutableBufferPointer { out in
        BinaryFormat.decodeRun(
          b.baseAddress!, &position, b.count, bitmap: nil, count: values.count, &value, 1,
          &bounds, checksOrder: true
        ) { out[$0].x = $1 }
      }
    }
    #expect(ok && position == bytes.count && value == Int64.min)
    #expect(samples.map(\.x) == values.map(Double.init))
    #expect(bounds.low == Double(Int64.min) && bounds.high == Double(Int64.max) && !bounds.rising)
    // One byte short: the run must fail, not read past the end.
    var shortPosition = 0
    var shortValue: Int64 = 0
    let failed = bytes.withUnsafeBufferPointer { b in
      samples.withUnsafeMutableBufferPointer { out in
        BinaryFormat.decodeRun(
          b.baseAddress!, &shortPosition, b.count - 1, bitmap: nil, count: values.count,
          &shortValue, 1, &bounds, checksOrder: false
        ) { out[$0].x = $1 }
      }
    }
    #expect(!failed)
  }

  @Test func usesTheDeclaredQuanta() throws {
    let coarse = BinaryFormat(quanta: .init(position: 0.5, time: 0.001))
    let d = Drawing(
      name: "coarse", strokes: [Stroke(samples: [Sample(x: 1.2, y: -0.3, time: 0.0104)])])
    let data = try coarse.encode(d)
    // Any reader uses the file's quanta, not its own defaults.
    let back = try format.decode(data, file: "coarse", options: .init()).drawings[0]
    #expect(back.strokes[0].samples[0].x == 1.0)
    #expect(back.strokes[0].samples[0].y == -0.5)
    #expect(abs(back.strokes[0].samples[0].time! - 0.010) < 1e-15)
  }

  @Test func isCompactForSmoothInk() throws {
    var samples: [Sample] = []
    for i in 0..<1000 {
      let a = Double(i) * 0.01
      samples.append(
        Sample(
          x: 300 + 100 * cos(a), y: 300 + 80 * sin(a), time: Double(i) * 0.004,
          pressure: 0.5 + 0.3 * sin(a)))
    }
    let data = try format.encode(Drawing(name: "circle", strokes: [Stroke(samples: samples)]))
    // x, y: ≤ 2 bytes; t: 4000 µs → 2 bytes; pressure: 1 byte.
    #expect(Double(data.count) / 1000 < 7.5)
  }

  @Test func rejectsBadHeadersWithByteOffsets() throws {
    let good = try format.encode(
      Drawing(name: "one", strokes: [Stroke(samples: [Sample(x: 1, y: 2, time: 0)])]))
    var wrongMagic = good
    wrongMagic[0] = UInt8(ascii: "X")
    #expect(decodeError(format, wrongMagic)?.location == .byte(0))
    var wrongVersion = good
    wrongVersion[4] = 9
    let v = decodeError(format, wrongVersion)
    #expect(v?.kind == .unsupportedVersion && v?.location == .byte(4) && v?.value == "9")
    let cut = decodeError(format, good.prefix(good.count - 1))
    #expect(cut?.kind == .malformed)
    if case .byte(let offset)? = cut?.location {
      #expect(offset < good.count)
    } else {
      Issue.record("no byte offset: \(String(describing: cut))")
    }
    let extra = decodeError(format, good + [0])
    #expect(extra?.field == "end")
    let nan = Drawing(name: "nan", strokes: [Stroke(samples: [Sample(x: .nan, y: 0)])])
    #expect(throws: FormatError.self) { try format.encode(nan) }
  }

  @Test func mutationsNeverTrap() throws {
    var rng = SplitMix64(seed: propertySeed() ^ 0xB1)
    for k in 0..<12 {
      let d = randomDrawing(&rng, name: "random-\(k)")
      checkMutations(format, try format.encode(d), file: "random-\(k).sbi", count: 60)
    }
  }

  @Test func isInTheCatalogAsAWritableFormat() {
    #expect(FormatCatalog.format(id: "sbi")?.descriptor.canWrite == true)
    #expect(
      FormatCatalog.reader(forFileName: "a.sbi", data: Data("SBIK".utf8))?.descriptor.id == "sbi")
  }
}
