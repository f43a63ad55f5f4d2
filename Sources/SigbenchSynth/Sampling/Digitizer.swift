import SigbenchCore

/// Samples a `Motion` the way a pen digitizer does (`DigitizerSettings`): fixed-rate clock,
/// Gaussian position noise, grid quantisation, timestamp jitter, dropped samples; pressure from
/// the motion's `PressureModel` at the true speed. Values are rounded as the files store them
/// (`Rounding`). The drawing carries the motion's truth unchanged, so every rate shares it.
///
/// Randomness: one `SplitMix64` stream per (motion seed, rate). For every clock tick, in this
/// order, it draws a normal pair (noise), one uniform (jitter) and one uniform (drop), whatever
/// the settings, so changing one setting never reshuffles the others' draws.
///
/// Samples of stroke i are the ticks k with begin ≤ k/rate ≤ end (with 10⁻⁹ of a period of
/// slack, so the first pen-down at t = 0 is sampled). A stroke too short to catch a tick
/// (impossible for the generators at ≥ 20 Hz) gets one sample at its pen-down.
///
/// - Complexity: O(samples × components).
public enum Digitizer {
  /// `motion` recorded with `settings`, as drawing `name`; `notes` are added after the
  /// description and before the `synth key=value` lines.
  public static func sample(
    _ motion: Motion, _ settings: DigitizerSettings, name: String, notes: [String] = []
  ) -> SampledMotion {
    var mixer = SplitMix64(seed: motion.seed ^ settings.rate.bitPattern)
    var rng = SplitMix64(seed: mixer.next())
    var strokes: [Stroke] = []
    var times: [[Double]] = []
    var exact: [[Point]] = []
    var speeds: [[Double]] = []
    for (i, stroke) in motion.strokes.enumerated() {
      let first = (stroke.begin * settings.rate - 1e-9).rounded(.up)
      let last = (stroke.end * settings.rate + 1e-9).rounded(.down)
      let ticks: [Double] =
        last >= first
        ? (0...Int(last - first)).map { (first + Double($0)) / settings.rate } : [stroke.begin]
      var samples: [Sample] = []
      var t: [Double] = []
      var p: [Point] = []
      var v: [Double] = []
      for (j, tick) in ticks.enumerated() {
        let (nx, ny) = rng.normalPair()
        let shift = (2 * rng.unit() - 1) * settings.jitter
        let lost = rng.unit() < settings.dropRate
        if lost && j > 0 && j < ticks.count - 1 { continue }
        let truePoint = stroke.position(at: tick)
        let seen = truePoint + Point(x: nx, y: ny) * settings.noise
        samples.append(
          Sample(
            x: Rounding.position(quantised(seen.x, settings.grid)),
            y: Rounding.position(quantised(seen.y, settings.grid)),
            time: Rounding.time(Swift.max(0, tick + shift)),
            pressure: Rounding.pressure(motion.pressure(stroke: i, at: tick))))
        t.append(tick)
        p.append(truePoint)
        v.append(stroke.speed(at: tick))
      }
      strokes.append(Stroke(samples: samples))
      times.append(t)
      exact.append(p)
      speeds.append(v)
    }
    let drawing = Drawing(
      name: name, strokes: strokes,
      metadata: metadata(motion, settings, extra: notes),
      groundTruth: GroundTruth(strokes: motion.truth))
    return SampledMotion(
      drawing: drawing, captureTimes: times, truePositions: exact, trueSpeeds: speeds)
  }

  /// `v` rounded to the nearest multiple of `grid` (unchanged when `grid` is 0).
  static func quantised(_ v: Double, _ grid: Double) -> Double {
    grid > 0 ? (v / grid).rounded() * grid : v
  }

  /// Source, device, rate, licence and the notes: a description, `extra`, then `synth
  /// key=value` lines for the generator, its seed, the motion, every digitizer setting and the
  /// truth's spacing.
  static func metadata(_ m: Motion, _ s: DigitizerSettings, extra: [String]) -> DrawingMetadata {
    let what = m.kind == .signature ? "signature" : "line of handwriting"
    let r = Rounding.text
    var notes = [
      "Synthetic \(what) from the sigma-lognormal model of handwriting (Plamondon 1995), "
        + "sampled like a \(r(s.rate)) Hz digitizer; ground truth: the exact pen-tip path."
    ]
    notes += extra
    notes += [
      "synth generator=\(m.kind.rawValue)", "synth seed=\(m.seed)", "synth motion=\(m.id)",
      "synth rate=\(r(s.rate))", "synth noise=\(r(s.noise))", "synth grid=\(r(s.grid))",
      "synth jitter=\(r(s.jitter))", "synth drop=\(r(s.dropRate))",
      "synth strokes=\(m.strokes.count)", "synth components=\(m.componentCount)",
      "synth truth-step=\(r(TruthTrace.step))", "synth truth-tolerance=\(r(TruthTrace.tolerance))",
      "synth truth-max-chord=\(r(TruthTrace.maxChord))",
    ]
    return DrawingMetadata(
      source: "sigbench synth (sigma-lognormal \(m.kind.rawValue) generator)",
      device: "simulated digitizer, \(r(s.rate)) Hz", sampleRate: s.rate, nativeUnits: "css-px",
      licence: "Apache-2.0", attribution: "sigbench authors", notes: notes)
  }
}
