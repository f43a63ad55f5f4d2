import Foundation
import SigbenchCore

/// The shapes of `Corpus/fixtures/` built in code (this target does not read files): the same
/// curves, rates and pressures as the fixture generator, without the rounding to 1/1000 px.
enum FixtureDrawings {
  static func all() -> [Drawing] {
    [
      drawing("tap", [[s(60, 40, 0, 0.5)]]),
      drawing("two-samples", [[s(20, 40, 0, 0.5), s(80, 60, 1.0 / 120, 0.5)]]),
      drawing("two-equal-samples", [[s(40, 40, 0, 0.5), s(40, 40, 1.0 / 120, 0.5)]]),
      drawing("straight-line", [line()]),
      drawing("sharp-corner", [corner()]),
      loop(),
      drawing("uneven-spacing", [uneven()]),
      drawing("long-stroke-2000", [spiral()]),
      signature(),
    ]
  }

  static func s(_ x: Double, _ y: Double, _ t: Double, _ pressure: Double? = nil) -> Sample {
    Sample(x: x, y: y, time: t, pressure: pressure)
  }

  static func drawing(_ name: String, _ strokes: [[Sample]], truth: [[Point]]? = nil)
    -> Drawing
  {
    Drawing(
      name: name, strokes: strokes.map { Stroke(samples: $0) },
      groundTruth: truth.map { GroundTruth(strokes: $0) })
  }

  static func line() -> [Sample] {
    (0..<40).map { i in
      let u = Double(i) / 39
      return s(10 + 220 * u, 20 + 90 * u, Double(i) / 120, 0.5)
    }
  }

  static func corner() -> [Sample] {
    var out: [Sample] = []
    for i in 0..<15 { out.append(s(10 + Double(i) * 12, 80, Double(out.count) / 120, 0.5)) }
    let apex = Point(x: 10 + 14 * 12, y: 80)
    let back = Point(x: -cos(30 * Double.pi / 180), y: sin(30 * Double.pi / 180))
    for i in 1..<15 {
      let q = apex + back * (Double(i) * 12)
      out.append(s(q.x, q.y, Double(out.count) / 120, 0.5))
    }
    return out
  }

  /// A prolate cycloid around its self-crossing: one closed loop with a tail on each side.
  static func loopPoint(_ u: Double) -> Point {
    let theta = 2 * Double.pi - 2.9 + 5.8 * u
    return Point(x: 40 + 18 * (theta - Double.pi) - 50 * sin(theta), y: 90 + 50 * cos(theta))
  }

  static func loop() -> Drawing {
    let samples = (0...60).map { i in
      let q = loopPoint(Double(i) / 60)
      return s(q.x, q.y, Double(i) / 120, 0.5)
    }
    let truth = (0...2000).map { loopPoint(Double($0) / 2000) }
    return drawing("loop", [samples], truth: [truth])
  }

  static func uneven() -> [Sample] {
    let pts: [(Double, Double)] = [
      (10, 120), (110, 40), (112, 41), (210, 120), (310, 40), (311, 42), (312, 40), (400, 110),
    ]
    return pts.enumerated().map { s($1.0, $1.1, Double($0) / 60, 0.5) }
  }

  static func spiral() -> [Sample] {
    (0..<2000).map { i in
      let u = Double(i) / 1999
      let theta = u * 6 * Double.pi
      let r = 20 + 100 * u
      return s(150 + r * cos(theta), 140 + r * sin(theta), Double(i) / 240, 0.3 + 0.4 * u)
    }
  }

  /// Four strokes at 120 Hz with pressure and ±0.2 px seeded jitter; truth without jitter,
  /// 10× denser.
  static func signature() -> Drawing {
    var rng = SplitMix64(seed: 0x5EED_0001)
    typealias Curve = (Double) -> Point
    let name: Curve = { u in
      let th = u * 5 * 2 * Double.pi
      return Point(x: 20 + 260 * u + 14 * sin(th), y: 70 - 28 * cos(th) * (0.6 + 0.4 * sin(u * 3)))
    }
    let letter: Curve = { u in Point(x: 300 + 30 * sin(u * Double.pi * 2), y: 40 + 60 * u) }
    let dot: Curve = { u in Point(x: 340 + 1.5 * u, y: 30 + 1.0 * u) }
    let underline: Curve = { u in Point(x: 30 + 330 * u, y: 120 + 8 * sin(u * Double.pi)) }
    var strokes: [[Sample]] = []
    var truth: [[Point]] = []
    var t = 0.0
    for (curve, n) in [(name, 240), (letter, 60), (dot, 3), (underline, 70)] as [(Curve, Int)] {
      var stroke: [Sample] = []
      for i in 0..<n {
        let u = Double(i) / Double(n - 1)
        let q = curve(u)
        let pressure = 0.35 + 0.5 * sin(Double.pi * u) * (0.8 + 0.2 * cos(u * 17))
        stroke.append(
          s(q.x + rng.double(in: -0.2...0.2), q.y + rng.double(in: -0.2...0.2), t, pressure))
        t += 1.0 / 120
      }
      t += 0.25
      strokes.append(stroke)
      let dense = (n - 1) * 10 + 1
      truth.append((0..<dense).map { curve(Double($0) / Double(dense - 1)) })
    }
    return drawing("signature-120hz", strokes, truth: truth)
  }
}
