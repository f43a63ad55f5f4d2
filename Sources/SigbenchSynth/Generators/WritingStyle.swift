import SigbenchCore

/// One writer's habits, drawn once per motion, from which cursive strokes are built as
/// sequences of alternating up- and down-strokes (each one lognormal component).
///
/// Units: lengths in CSS px, angles in radians (x right, y down), times in seconds, μ in
/// ln(seconds). The ranges the generators draw from are documented on `SignatureGenerator` and
/// `HandwritingGenerator`.
struct WritingStyle {
  /// Height of an ordinary up-stroke (x-height for handwriting, letter height for signatures).
  var letterHeight: Double
  /// Forward slant: up-strokes lean right by this angle from vertical.
  var slant: Double
  /// Mean μ of the writer's components; each draws μ from `tempo ± 0.15`.
  var tempo: Double
  /// Range of σ.
  var sigma: ClosedRange<Double>
  /// Range of the time between the onsets of consecutive components (they overlap).
  var spacing: ClosedRange<Double>
  /// Range of |θe − θs| of a component (how much it curves).
  var curvature: ClosedRange<Double>
  /// The writer's usual turning sense (+1 clockwise on screen, −1 counter-clockwise); each
  /// component follows it with probability 0.75.
  var turn: Double
  /// Probability that an up/down pair is tall (an ascender or capital) and by how much.
  var tallChance: Double
  var tallFactor: ClosedRange<Double>

  /// The components of one cursive stroke of `pairs` up/down pairs, onsets from 0, the first
  /// pair `firstFactor` times the letter height (a capital), and an exit stroke with
  /// probability ½. Each down-stroke's amplitude is set so its chord cancels the up-stroke's
  /// vertical travel (the writing keeps its baseline) within ±7 %.
  func cursive(pairs: Int, firstFactor: Double = 1, _ rng: inout SplitMix64) -> [LognormalComponent]
  {
    var out: [LognormalComponent] = []
    var onset = 0.0
    func add(_ amplitude: Double, _ angle: Double, _ bend: Double, _ rng: inout SplitMix64) {
      out.append(
        LognormalComponent(
          amplitude: amplitude, onset: onset, logDelay: tempo + rng.uniform(-0.15...0.15),
          logResponse: rng.uniform(sigma), startAngle: angle - bend / 2, endAngle: angle + bend / 2)
      )
      onset += rng.uniform(spacing)
    }
    for i in 0..<pairs {
      var factor = i == 0 ? firstFactor : 1
      if i > 0 && rng.chance(tallChance) { factor = rng.uniform(tallFactor) }
      let up = -Double.pi / 2 + slant + rng.uniform(0.25...0.6)
      let down = Double.pi / 2 + slant - rng.uniform(0.0...0.25)
      let upBend = bend(&rng)
      let downBend = bend(&rng)
      let upAmplitude = letterHeight * factor * rng.uniform(0.8...1.2)
      // Chord of a component: D · sinc(Δ/2) along its mean angle; cancel the vertical part.
      let upRise = upAmplitude * sinc(upBend / 2) * Trigonometry.cos(up - (-Double.pi / 2))
      let downDrop = sinc(downBend / 2) * Trigonometry.cos(down - Double.pi / 2)
      add(upAmplitude, up, upBend, &rng)
      add(upRise / downDrop * rng.uniform(0.93...1.07), down, downBend, &rng)
    }
    if rng.chance(0.5) {
      add(letterHeight * rng.uniform(0.3...0.6), -Double.pi / 4 + slant, bend(&rng), &rng)
    }
    return out
  }

  /// A component's turn: a magnitude from `curvature`, in the writer's sense 3 times in 4.
  func bend(_ rng: inout SplitMix64) -> Double {
    let magnitude = rng.uniform(curvature)
    return rng.chance(0.75) ? turn * magnitude : -turn * magnitude
  }

  /// sin(u)/u, 1 at 0.
  func sinc(_ u: Double) -> Double { Swift.abs(u) < 1e-4 ? 1 : Trigonometry.sin(u) / u }
}
