import Foundation
import SigbenchCore

/// The named fixtures of `Corpus/fixtures/`, generated deterministically (no randomness beyond a
/// fixed-seed jitter) so `sigbench fixtures` re-creates the committed files byte for byte.
///
/// Positions in CSS px, times in seconds from the drawing's start, rounded to 1/1000 so the
/// files stay small and readable. Each fixture names the edge case it exists for; see
/// `Corpus/README.md`.
public enum CorpusFixtures {
  public struct Fixture: Sendable {
    public var name: String
    public var note: String
    public var drawing: Drawing
  }

  public static func all() -> [Fixture] {
    [
      fixture(
        "tap", "A single sample: every strategy must still draw visible ink.", [[p(60, 40, 0, 0.5)]]
      ),
      fixture(
        "two-samples", "Two distinct samples 63 px apart at 120 Hz.",
        [[p(20, 40, 0, 0.5), p(80, 60, 1.0 / 120, 0.5)]]),
      fixture(
        "two-equal-samples", "Two samples at the same place: a tap recorded twice.",
        [[p(40, 40, 0, 0.5), p(40, 40, 1.0 / 120, 0.5)]]),
      fixture(
        "straight-line", "40 evenly spaced samples along a diagonal line at 120 Hz.", [line()]),
      fixture(
        "sharp-corner", "A stroke that turns back by about 150° at one sample (a 'V' on its side).",
        [corner()]),
      fixture(
        "loop",
        "A cursive loop (prolate cycloid around its self-crossing), 120 Hz, with its true centreline.",
        [loop()],
        truth: [loopCurve(steps: 2000)]),
      fixture(
        "uneven-spacing",
        "Sparse samples where a 2 px segment sits between 100 px segments (where uniform Catmull-Rom loops).",
        [uneven()]),
      fixture(
        "long-stroke-2000",
        "One 2,000-sample stroke (a slow spiral at 240 Hz), for cost against length.",
        [spiral()]),
      signature(),
    ]
  }

  // MARK: Building blocks

  static func round3(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }

  static func p(_ x: Double, _ y: Double, _ t: Double, _ pressure: Double? = nil) -> Sample {
    Sample(
      x: round3(x), y: round3(y), time: round3(t * 1000) / 1000, pressure: pressure.map(round3))
  }

  static func fixture(
    _ name: String, _ note: String, _ strokes: [[Sample]], truth: [[Point]]? = nil
  ) -> Fixture {
    let meta = DrawingMetadata(
      source: "sigbench fixture generator (sigbench fixtures)", device: "synthetic",
      sampleRate: strokes.first.flatMap { $0.count > 1 ? 120 : nil },
      nativeUnits: "css-px", licence: "Apache-2.0", attribution: "sigbench authors",
      notes: [note])
    return Fixture(
      name: name, note: note,
      drawing: Drawing(
        name: name, strokes: strokes.map { Stroke(samples: $0) }, metadata: meta,
        groundTruth: truth.map {
          GroundTruth(strokes: $0.map { $0.map { Point(x: round3($0.x), y: round3($0.y)) } })
        }))
  }

  static func line() -> [Sample] {
    (0..<40).map { i in
      let u = Double(i) / 39
      return p(10 + 220 * u, 20 + 90 * u, Double(i) / 120, 0.5)
    }
  }

  static func corner() -> [Sample] {
    var s: [Sample] = []
    for i in 0..<15 { s.append(p(10 + Double(i) * 12, 80, Double(s.count) / 120, 0.5)) }
    let apex = Point(x: 10 + 14 * 12, y: 80)
    let back = Point(x: -cos(30 * Double.pi / 180), y: sin(30 * Double.pi / 180))
    for i in 1..<15 {
      let q = apex + back * (Double(i) * 12)
      s.append(p(q.x, q.y, Double(s.count) / 120, 0.5))
    }
    return s
  }

  /// x = a·θ − b·sin θ, y = b·cos θ (y down): a prolate cycloid (b > a). Around θ = 2π it
  /// crosses itself where sin φ / φ = a / b (φ ≈ 2.3 rad for a = 18, b = 50), so θ in
  /// 2π ± 2.9 draws one closed loop with a tail on each side.
  static func loopPoint(_ theta: Double) -> Point {
    Point(x: 40 + 18 * (theta - Double.pi) - 50 * sin(theta), y: 90 + 50 * cos(theta))
  }

  static func loopTheta(_ u: Double) -> Double { 2 * Double.pi - 2.9 + 5.8 * u }

  static func loopCurve(steps: Int) -> [Point] {
    (0...steps).map { loopPoint(loopTheta(Double($0) / Double(steps))) }
  }

  static func loop() -> [Sample] {
    (0...60).map { i in
      let q = loopPoint(loopTheta(Double(i) / 60))
      return p(q.x, q.y, Double(i) / 120, 0.5)
    }
  }

  static func uneven() -> [Sample] {
    let pts: [(Double, Double)] = [
      (10, 120), (110, 40), (112, 41), (210, 120), (310, 40), (311, 42), (312, 40), (400, 110),
    ]
    return pts.enumerated().map { p($1.0, $1.1, Double($0) / 60, 0.5) }
  }

  static func spiral() -> [Sample] {
    (0..<2000).map { i in
      let u = Double(i) / 1999
      let theta = u * 6 * Double.pi
      let r = 20 + 100 * u
      return p(150 + r * cos(theta), 140 + r * sin(theta), Double(i) / 240, 0.3 + 0.4 * u)
    }
  }

  /// A four-stroke signature-like drawing at 120 Hz with pressure: a looping name, a
  /// separate letter, a dot and an underline. The samples carry ±0.2 px of fixed-seed jitter;
  /// the ground truth is the same curves without jitter, 10× denser.
  static func signature() -> Fixture {
    var rng: UInt64 = 0x5EED_0001
    func jitter() -> Double {
      rng = rng &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return (Double(rng >> 11) / Double(1 << 53) - 0.5) * 0.4
    }
    typealias Curve = (Double) -> Point
    let name: Curve = { u in
      let th = u * 5 * 2 * Double.pi
      return Point(x: 20 + 260 * u + 14 * sin(th), y: 70 - 28 * cos(th) * (0.6 + 0.4 * sin(u * 3)))
    }
    let letter: Curve = { u in
      Point(x: 300 + 30 * sin(u * Double.pi * 2), y: 40 + 60 * u)
    }
    let dot: Curve = { u in Point(x: 340 + 1.5 * u, y: 30 + 1.0 * u) }
    let underline: Curve = { u in Point(x: 30 + 330 * u, y: 120 + 8 * sin(u * Double.pi)) }
    let curves: [(Curve, Int)] = [(name, 240), (letter, 60), (dot, 3), (underline, 70)]
    var strokes: [[Sample]] = []
    var truth: [[Point]] = []
    var t = 0.0
    for (curve, n) in curves {
      var s: [Sample] = []
      for i in 0..<n {
        let u = n > 1 ? Double(i) / Double(n - 1) : 0
        let q = curve(u)
        let pressure = 0.35 + 0.5 * sin(Double.pi * u) * (0.8 + 0.2 * cos(u * 17))
        s.append(p(q.x + jitter(), q.y + jitter(), t, pressure))
        t += 1.0 / 120
      }
      t += 0.25  // pen up between strokes
      strokes.append(s)
      let dense = max(2, (n - 1) * 10 + 1)
      truth.append((0..<dense).map { curve(Double($0) / Double(dense - 1)) })
    }
    var f = fixture(
      "signature-120hz",
      "A four-stroke signature at 120 Hz with pressure and ±0.2 px jitter; ground truth included.",
      strokes, truth: truth)
    f.drawing.metadata.sampleRate = 120
    return f
  }
}
