import SigbenchCore

/// Handwriting-like motions: one line of four to six cursive words, each word one stroke, with
/// an i-dot or t-bar after a word with probability 0.3, separated by pen-up gaps.
///
/// Ranges (uniform; 1 mm ≈ 3.78 px), chosen to look like ordinary cursive handwriting. The
/// committed set's 12 lines come out 4–7 cm wide, last 4.7–7.8 s, and move at median speeds of
/// 15–27 mm/s with peaks of 58–113 mm/s.
///
/// | parameter | range |
/// | --- | --- |
/// | x-height | 2.6–4 mm; ascenders (p = 0.25) 1.8–2.5× |
/// | slant | 0.05–0.4 rad forward |
/// | words | 4–6 of 2–6 up/down pairs, 2.5–5 mm apart, baseline ±0.5 mm |
/// | μ | writer's tempo −2.0…−1.65, each component ±0.15 (e^μ: 0.12–0.22 s) |
/// | σ | 0.18–0.3 |
/// | onset spacing | 0.07–0.12 s |
/// | curvature θe − θs | 0.5–1.8 rad per component |
/// | i-dot / t-bar | dot 0.5–1.2 mm or bar 2–4 mm, μ −2.1…−1.8, σ 0.18–0.25, above the word |
/// | pen-up gaps | 0.15–0.35 s between words, 0.1–0.25 s before a dot or bar |
/// | pressure | as `SignatureGenerator` |
public enum HandwritingGenerator {
  static let margin = 16.0
  static let mm = 96 / 25.4

  /// The line of handwriting for `seed`.
  public static func motion(id: String, seed: UInt64) -> Motion {
    var rng = SplitMix64(seed: seed)
    let style = WritingStyle(
      letterHeight: rng.uniform(2.6...4) * mm, slant: rng.uniform(0.05...0.4),
      tempo: rng.uniform(-2.0 ... -1.65), sigma: 0.18...0.3, spacing: 0.07...0.12,
      curvature: 0.5...1.8, turn: rng.chance(0.5) ? 1 : -1, tallChance: 0.25,
      tallFactor: 1.8...2.5)
    var layout = StrokeLayout()
    var right = 0.0
    for w in 0..<rng.pick(4...6) {
      let components = style.cursive(pairs: rng.pick(2...6), &rng)
      let origin = Point(
        x: w == 0 ? 0 : right + rng.uniform(2.5...5) * mm, y: rng.uniform(-0.5...0.5) * mm)
      let word = layout.append(components, at: origin, gap: rng.uniform(0.15...0.35))
      right = word.bounds.maxX
      if rng.chance(0.3) {
        let b = word.bounds
        let isDot = rng.chance(0.5)
        let angle = isDot ? rng.uniform(0.3...1.2) : rng.uniform(-0.15...0.1)
        let mark = LognormalComponent(
          amplitude: (isDot ? rng.uniform(0.5...1.2) : rng.uniform(2...4)) * mm, onset: 0,
          logDelay: rng.uniform(-2.1 ... -1.8), logResponse: rng.uniform(0.18...0.25),
          startAngle: angle - 0.1, endAngle: angle + 0.1)
        let at = Point(
          x: rng.uniform(b.minX...b.maxX), y: -style.letterHeight - rng.uniform(1...2.5) * mm)
        _ = layout.append([mark], at: at, gap: rng.uniform(0.1...0.25))
      }
    }
    return Motion(
      id: id, kind: .handwriting, seed: seed, strokes: layout.placed(margin: margin),
      pressure: PressureModel.drawn(&rng))
  }
}
