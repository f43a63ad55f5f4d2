import SigbenchCore

/// Signature-like motions: one or two cursive name parts (the first letter of each a capital),
/// with probability ½ a dot or tick above the first part, and with probability 0.65 an
/// underline flourish below everything, separated by pen-up gaps.
///
/// Ranges (uniform; 1 mm = 96/25.4 ≈ 3.78 px), chosen so the results look and move like real
/// signatures. The committed set's 24 signatures come out 2.8–11 cm wide and 0.6–2.9 cm tall,
/// last 0.5–2.2 s, and move at median speeds of 43–184 mm/s (162–695 px/s). The 80
/// signatures of the public SVC2004 sample set (Wacom tablet, read at 2540 units per inch) move
/// at median speeds of 313–947 px/s and are 4.2–8.7 cm wide; tempo and sizes were set from them.
/// Slower signatures (an earlier set moved at 20–63 mm/s) leave too little room between
/// samples for any rate effect of a distance-based width (`uber-weighted`) to show.
///
/// | parameter | range |
/// | --- | --- |
/// | letter height | 8–16 mm; capitals 1.5–2.2×; other tall letters (p = 0.2) 1.4–2× |
/// | slant | 0.1–0.5 rad forward |
/// | name parts | 1–2; 3–6 up/down pairs in the first, 2–5 in the second, 3–8 mm apart |
/// | μ | writer's tempo −2.8…−2.4, each component ±0.15 (e^μ: 0.053–0.105 s) |
/// | σ | 0.18–0.34 |
/// | onset spacing | 0.035–0.06 s (components overlap) |
/// | curvature θe − θs | 0.4–1.6 rad per component |
/// | dot / tick | 1–3 mm, μ −2.9…−2.6, σ 0.18–0.25, 1.5–4 mm above the first part |
/// | flourish sweep | 0.7–1.1× the name's width at −0.15…0.1 rad, bend ±0.1–0.5 rad |
/// | | μ −1.8…−1.4, σ 0.2–0.3; starts 2–6 mm below the name |
/// | flourish hook | 3–8 mm back to the left, 0.07–0.14 s after the sweep's onset, μ −2.7…−2.4 |
/// | pen-up gaps | 0.12–0.40 s |
/// | pressure | level 0.55–0.8, speed drop 0.1–0.3 (half of it at 300–800 px/s) |
/// | | landing 20–50 ms, lift 30–70 ms (`PressureModel`) |
public enum SignatureGenerator {
  /// Margin left above and left of the drawing, px (about; from coarse bounds).
  static let margin = 16.0
  static let mm = 96 / 25.4

  /// The signature for `seed`.
  public static func motion(id: String, seed: UInt64) -> Motion {
    var rng = SplitMix64(seed: seed)
    let style = WritingStyle(
      letterHeight: rng.uniform(8...16) * mm, slant: rng.uniform(0.1...0.5),
      tempo: rng.uniform(-2.8 ... -2.4), sigma: 0.18...0.34, spacing: 0.035...0.06,
      curvature: 0.4...1.6, turn: rng.chance(0.5) ? 1 : -1, tallChance: 0.2, tallFactor: 1.4...2)
    var layout = StrokeLayout()
    let parts = rng.pick(1...2)
    var nameBounds: Rect?
    for k in 0..<parts {
      let components = style.cursive(
        pairs: rng.pick(k == 0 ? 3...6 : 2...5), firstFactor: rng.uniform(1.5...2.2), &rng)
      let origin =
        nameBounds.map {
          Point(x: $0.maxX + rng.uniform(3...8) * mm, y: rng.uniform(-1.5...1.5) * mm)
        } ?? .zero
      let stroke = layout.append(components, at: origin, gap: rng.uniform(0.12...0.4))
      nameBounds = nameBounds.map { $0.union(stroke.bounds) } ?? stroke.bounds
      if k == 0 && rng.chance(0.5) {
        let b = stroke.bounds
        let dot = LognormalComponent(
          amplitude: rng.uniform(1...3) * mm, onset: 0, logDelay: rng.uniform(-2.9 ... -2.6),
          logResponse: rng.uniform(0.18...0.25), startAngle: rng.uniform(-0.5...1.5),
          endAngle: rng.uniform(-0.5...1.5))
        let at = Point(x: rng.uniform(b.minX...b.maxX), y: b.minY - rng.uniform(1.5...4) * mm)
        _ = layout.append([dot], at: at, gap: rng.uniform(0.12...0.4))
      }
    }
    if let name = nameBounds, rng.chance(0.65) {
      let angle = rng.uniform(-0.15...0.1)
      let bend = rng.uniform(0.1...0.5) * (rng.chance(0.5) ? 1 : -1)
      let sweep = LognormalComponent(
        amplitude: name.size.width * rng.uniform(0.7...1.1), onset: 0,
        logDelay: rng.uniform(-1.8 ... -1.4), logResponse: rng.uniform(0.2...0.3),
        startAngle: angle - bend / 2, endAngle: angle + bend / 2)
      let hook = LognormalComponent(
        amplitude: rng.uniform(3...8) * mm, onset: rng.uniform(0.07...0.14),
        logDelay: rng.uniform(-2.7 ... -2.4), logResponse: rng.uniform(0.2...0.3),
        startAngle: Double.pi - 0.2, endAngle: Double.pi + rng.uniform(0.3...1.2))
      let at = Point(x: name.minX - rng.uniform(0...4) * mm, y: name.maxY + rng.uniform(2...6) * mm)
      _ = layout.append([sweep, hook], at: at, gap: rng.uniform(0.12...0.4))
    }
    return Motion(
      id: id, kind: .signature, seed: seed, strokes: layout.placed(margin: margin),
      pressure: PressureModel.drawn(&rng))
  }
}

extension PressureModel {
  /// A writer's pressure habits (ranges in `SignatureGenerator`'s table).
  static func drawn(_ rng: inout SplitMix64) -> PressureModel {
    PressureModel(
      level: rng.uniform(0.55...0.8), speedDrop: rng.uniform(0.1...0.3),
      referenceSpeed: rng.uniform(300...800), landing: rng.uniform(0.02...0.05),
      lift: rng.uniform(0.03...0.07))
  }
}
