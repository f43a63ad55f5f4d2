import Foundation
import SigbenchCore
import SigbenchTestSupport

/// Seeded random drawings for round-trip tests: ink and hover traces of 1–60 samples with
/// strictly increasing times (≥ 1 ms apart), pressure in [0, 1], tilt in [0, π/2], azimuth in
/// [0, 2π), each optional channel on all, none or some samples; attributes, notes and
/// sometimes a ground truth. Positions span ±5000 px with fractional parts.
func randomDrawing(_ rng: inout SplitMix64, name: String) -> Drawing {
  func maybe(_ rng: inout SplitMix64, _ mode: Int, _ v: Double) -> Double? {
    switch mode {
    case 0: return nil
    case 1: return v
    default: return rng.int(in: 0...1) == 0 ? nil : v
    }
  }
  var t = rng.double(in: 0...2)
  func trace(_ rng: inout SplitMix64) -> Stroke {
    let n = rng.int(in: 1...60)
    let modes = (0..<4).map { _ in rng.int(in: 0...2) }
    var x = rng.double(in: -5000...5000)
    var y = rng.double(in: -5000...5000)
    var samples: [Sample] = []
    for _ in 0..<n {
      x += rng.double(in: -20...20)
      y += rng.double(in: -20...20)
      t += rng.double(in: 0.001...0.05)
      samples.append(
        Sample(
          x: x, y: y, time: maybe(&rng, modes[0], t),
          pressure: maybe(&rng, modes[1], rng.double(in: 0...1)),
          tilt: maybe(&rng, modes[2], rng.double(in: 0...(Double.pi / 2))),
          azimuth: maybe(&rng, modes[3], rng.double(in: 0...(2 * Double.pi - 0.01)))))
    }
    var attributes: [String: String] = [:]
    if rng.int(in: 0...3) == 0 { attributes["penColor"] = "#\(rng.int(in: 0...0xFFFFFF))" }
    if rng.int(in: 0...5) == 0 { attributes["note \"é\""] = "a\nb" }
    return Stroke(samples: samples, attributes: attributes)
  }
  let strokes = (0..<rng.int(in: 0...6)).map { _ in trace(&rng) }
  let hover = (0..<rng.int(in: 0...3)).map { _ in trace(&rng) }
  var metadata = DrawingMetadata(
    source: "random", sampleRate: rng.int(in: 0...1) == 0 ? nil : 120,
    nativeUnits: "css-px", nominalScale: rng.int(in: 0...1) == 0,
    notes: ["seeded", "line \"two\""])
  if rng.int(in: 0...1) == 0 { metadata.device = "pen ✍︎" }
  var groundTruth: GroundTruth?
  if rng.int(in: 0...2) == 0 {
    groundTruth = GroundTruth(
      strokes: strokes.map { s in s.samples.map { Point(x: $0.x + 0.3, y: $0.y - 0.3) } })
  }
  return Drawing(
    name: name, strokes: strokes, hover: hover, metadata: metadata, groundTruth: groundTruth)
}
