import Foundation
import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchFormats

/// A seeded random drawing: 1–5 ink strokes of 1–60 samples, 0–2 hover strokes, times
/// increasing from 0, and (per drawing) optional pressure, tilt, azimuth and pen attributes.
func randomDrawing(_ rng: inout SplitMix64, hover: Bool = true, angles: Bool = true) -> Drawing {
  let timed = rng.int(in: 0...4) > 0
  let pressure = rng.int(in: 0...2) > 0
  let tilt = angles && rng.int(in: 0...1) == 1
  let azimuth = angles && rng.int(in: 0...1) == 1
  var t = 0.0
  func strokes(_ count: Int) -> [Stroke] {
    (0..<count).map { _ in
      var x = rng.double(in: -2000...3000)
      var y = rng.double(in: -2000...3000)
      let samples = (0..<rng.int(in: 1...60)).map { _ -> Sample in
        x += rng.double(in: -9...9)
        y += rng.double(in: -9...9)
        var s = Sample(x: x, y: y)
        if timed {
          s.time = t
          t += rng.double(in: 0.001...0.03)
        }
        if pressure { s.pressure = rng.double(in: 0...1) }
        if tilt { s.tilt = rng.double(in: 0...(Double.pi / 2)) }
        if azimuth { s.azimuth = rng.double(in: 0...(2 * Double.pi - 0.01)) }
        return s
      }
      var attributes: [String: String] = [:]
      if rng.int(in: 0...1) == 1 {
        attributes["penColor"] = ["black", "#12ab34", "rgb(0, 0, 255)"][rng.int(in: 0...2)]
        attributes["minWidth"] = "0.5"
        attributes["maxWidth"] = String(rng.int(in: 1...9))
      }
      return Stroke(samples: samples, attributes: attributes)
    }
  }
  let ink = strokes(rng.int(in: 1...5))
  let air = hover ? strokes(rng.int(in: 0...2)) : []
  var metadata = DrawingMetadata(source: "random <&> \"test\"", nativeUnits: "css-px")
  if rng.int(in: 0...1) == 1 { metadata.sampleRate = 100 }
  if rng.int(in: 0...1) == 1 { metadata.notes = ["first note", "line\nbreak"] }
  metadata.nominalScale = rng.int(in: 0...1) == 1
  return Drawing(name: "random.inkml", strokes: ink, hover: air, metadata: metadata)
}

/// `a` and `b` hold the same strokes within the given per-channel tolerances.
func expectClose(
  _ a: [Stroke], _ b: [Stroke], position: Double, time: Double, pressure: Double,
  angle: Double, seed: UInt64
) {
  #expect(a.count == b.count, "seed \(seed)")
  for (sa, sb) in zip(a, b) {
    #expect(sa.samples.count == sb.samples.count, "seed \(seed)")
    #expect(sa.attributes == sb.attributes, "seed \(seed)")
    for (p, q) in zip(sa.samples, sb.samples) {
      #expect(abs(p.x - q.x) <= position && abs(p.y - q.y) <= position, "seed \(seed)")
      #expect((p.time == nil) == (q.time == nil), "seed \(seed)")
      if let u = p.time, let v = q.time { #expect(abs(u - v) <= time, "seed \(seed)") }
      #expect((p.pressure == nil) == (q.pressure == nil), "seed \(seed)")
      if let u = p.pressure, let v = q.pressure {
        #expect(abs(u - v) <= pressure, "seed \(seed)")
      }
      if let u = p.tilt, let v = q.tilt { #expect(abs(u - v) <= angle, "seed \(seed)") }
      #expect((p.tilt == nil) == (q.tilt == nil), "seed \(seed)")
      if let u = p.azimuth, let v = q.azimuth {
        let d = abs(u - v)
        #expect(min(d, 2 * Double.pi - d) <= angle, "seed \(seed)")
      }
      #expect((p.azimuth == nil) == (q.azimuth == nil), "seed \(seed)")
    }
  }
}

@Suite("InkML writer round trips")
struct InkMLRoundTripTests {
  static let halfPositionQuantum = InkMLFormat.positionQuantumMillimetres / 2 * 96 / 25.4
  static let halfTimeQuantum = InkMLFormat.timeQuantumMilliseconds / 2 / 1000
  static let halfAngleQuantum = InkMLFormat.angleQuantumDegrees / 2 * Double.pi / 180

  @Test(
    "decode(encode(x)) is x within half a quantum; a second round trip is exact",
    arguments: InkMLFormat.ValueEncoding.allCases)
  func roundTrip(encoding: InkMLFormat.ValueEncoding) throws {
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    let format = InkMLFormat(valueEncoding: encoding)
    for _ in 0..<60 {
      let x = randomDrawing(&rng)
      let text1 = try format.encode(x)
      let r1 = try format.decode(text1, file: "random.inkml", options: DecodeOptions())
      let d1 = try #require(r1.drawings.first)
      let eps = 1e-9
      expectClose(
        x.strokes, d1.strokes, position: Self.halfPositionQuantum + eps,
        time: Self.halfTimeQuantum + eps, pressure: InkMLFormat.pressureQuantum / 2 + eps,
        angle: Self.halfAngleQuantum + eps, seed: seed)
      expectClose(
        x.hover, d1.hover, position: Self.halfPositionQuantum + eps,
        time: Self.halfTimeQuantum + eps, pressure: InkMLFormat.pressureQuantum / 2 + eps,
        angle: Self.halfAngleQuantum + eps, seed: seed)
      #expect(d1.metadata.source == x.metadata.source, "seed \(seed)")
      #expect(d1.metadata.sampleRate == x.metadata.sampleRate, "seed \(seed)")
      #expect(d1.metadata.nominalScale == x.metadata.nominalScale, "seed \(seed)")
      #expect(x.metadata.notes.allSatisfy(d1.metadata.notes.contains), "seed \(seed)")
      #expect(r1.warnings.isEmpty, "seed \(seed): \(r1.warnings)")
      let text2 = try format.encode(d1)
      let d2 = try format.decode(text2, file: "random.inkml", options: DecodeOptions()).drawings
      #expect(d2 == [d1], "seed \(seed)")
      #expect(text2 == text1, "seed \(seed)")
    }
  }

  @Test("the writer always declares its trace format; differences use a sticky ' prefix")
  func shape() throws {
    let d = Drawing(
      name: "d",
      strokes: [
        Stroke(samples: [
          Sample(x: 96, y: 0, time: 0), Sample(x: 96 + 96 / 25.4, y: 0, time: 0.01),
          Sample(x: 96 + 2 * 96 / 25.4, y: 0, time: 0.02),
        ])
      ])
    let explicit = String(decoding: try InkMLFormat().encode(d), as: UTF8.self)
    #expect(explicit.contains("<traceFormat"))
    #expect(explicit.contains(">25.4 0 0,26.4 0 10,27.4 0 20</trace>"), "\(explicit)")
    let diff = String(
      decoding: try InkMLFormat(valueEncoding: .firstDifferences).encode(d), as: UTF8.self)
    #expect(diff.contains(">25.4 0 0,'1 '0 '10,1 0 10</trace>"), "\(diff)")
    let undeclared = Drawing(name: "u", strokes: [Stroke(samples: [Sample(x: 1, y: 2)])])
    #expect(
      String(decoding: try InkMLFormat().encode(undeclared), as: UTF8.self).contains("<traceFormat")
    )
  }

  @Test("non-finite values cannot be written")
  func nonFinite() {
    let d = Drawing(name: "d", strokes: [Stroke(samples: [Sample(x: .nan, y: 0)])])
    #expect(throws: FormatError.self) { _ = try InkMLFormat().encode(d) }
  }

  @Test("every dialect fixture survives write and re-read within the quantum")
  func fixturesRoundTrip() throws {
    for (name, text) in InkMLFixtures.all {
      let format = InkMLFormat()
      let d0 = try format.decode(Data(text.utf8), file: name, options: DecodeOptions())
        .drawings[0]
      let d1 = try format.decode(try format.encode(d0), file: name, options: DecodeOptions())
        .drawings[0]
      expectClose(
        d0.strokes, d1.strokes, position: Self.halfPositionQuantum + 1e-9,
        time: Self.halfTimeQuantum + 1e-9, pressure: InkMLFormat.pressureQuantum / 2 + 1e-9,
        angle: Self.halfAngleQuantum + 1e-9, seed: 0)
      #expect(d1.metadata.nominalScale == d0.metadata.nominalScale, "\(name)")
      let d2 = try format.decode(try format.encode(d1), file: name, options: DecodeOptions())
        .drawings[0]
      #expect(d2 == d1, "\(name)")
    }
  }
}
