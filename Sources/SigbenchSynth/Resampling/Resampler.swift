import SigbenchCore

/// Re-samples a real timed recording to another rate, to check rate effects on real ink.
///
/// Per stroke, new samples are taken at t₀ + k/rate (t₀ the stroke's first timestamp) for every
/// k with t₀ + k/rate < t_last − ½/rate, then the last original sample: the first and last
/// samples are kept exactly (pen-down and pen-up positions), and the final interval lies in
/// [½, 1½) periods. Values in between are interpolated linearly in time between the two
/// original samples around each new instant: x, y, pressure and tilt linearly, azimuth along the
/// shorter arc. A channel missing on either side takes the nearer sample's value. Interpolated
/// values are rounded as `Rounding` states.
///
/// Timed hover traces are resampled the same way; untimed or out-of-order ones are kept as they
/// are. The ground
/// truth is kept (it does not depend on sampling). `metadata.sampleRate` becomes the new rate
/// and a note `resampled from=<old> to=<new>` is added (`from=` the stated rate, else the median
/// sample interval's rate marked `(measured)`).
///
/// - Throws: `SynthError` when the rate is outside 1…10000 Hz, the drawing has no ink, or an
///   ink stroke has a sample without time or timestamps that go backwards.
/// - Complexity: O(input + output samples).
public enum Resampler {
  /// Accepted target rates, Hz.
  public static let rates: ClosedRange<Double> = 1...10_000

  /// `drawing` re-sampled at `rate` Hz.
  public static func resample(_ drawing: Drawing, to rate: Double) throws(SynthError) -> Drawing {
    guard rate.isFinite, rates.contains(rate) else {
      throw SynthError("rate must be in 1…10000 Hz; got \(rate)")
    }
    guard !drawing.strokes.isEmpty else {
      throw SynthError("'\(drawing.name)' has no ink strokes to resample")
    }
    for (i, s) in drawing.strokes.enumerated() {
      guard s.isTimed else {
        throw SynthError(
          "'\(drawing.name)' is untimed (ink stroke \(i + 1) has samples without a time); "
            + "resampling needs a timed recording")
      }
      if let k = s.samples.indices.dropFirst().first(where: {
        s.samples[$0].time! < s.samples[$0 - 1].time!
      }) {
        throw SynthError(
          "'\(drawing.name)' ink stroke \(i + 1): time goes backwards at sample \(k + 1)")
      }
    }
    try checkOutputSize(drawing, rate)
    let from = sourceRate(drawing)
    var out = drawing
    out.strokes = drawing.strokes.map { resample($0, rate) }
    out.hover = drawing.hover.map {
      $0.isTimed && isOrdered($0) ? resample($0, rate) : $0
    }
    out.metadata.sampleRate = rate
    out.metadata.notes.append("resampled from=\(from) to=\(Rounding.text(rate))")
    return out
  }

  /// Refuses, before anything is allocated, a resampling whose output would pass
  /// `InputEnvelope.samplesPerStroke` in one stroke or `InputEnvelope.samplesPerFile` in all
  /// (a stroke's output is at most ⌈duration · rate⌉ + 1 samples).
  static func checkOutputSize(_ drawing: Drawing, _ rate: Double) throws(SynthError) {
    var total = 0.0
    let traces =
      drawing.strokes.enumerated().map { ("ink stroke \($0.offset + 1)", $0.element) }
      + drawing.hover.enumerated().map { ("hover trace \($0.offset + 1)", $0.element) }
    for (name, stroke) in traces {
      let s = stroke.samples
      var n = Double(s.count)
      if s.count > 1, stroke.isTimed, isOrdered(stroke) {
        n = ((s[s.count - 1].time! - s[0].time!) * rate).rounded(.up) + 1
      }
      guard InputEnvelope.samplesPerStroke.admits(n) else {
        throw SynthError(
          "'\(drawing.name)' \(name): resampling at \(Rounding.text(rate)) Hz would give"
            + " \(Rounding.text(n)) samples; samples per stroke "
            + InputEnvelope.samplesPerStroke.rule)
      }
      total += n
    }
    guard InputEnvelope.samplesPerFile.admits(total) else {
      throw SynthError(
        "'\(drawing.name)': resampling at \(Rounding.text(rate)) Hz would give"
          + " \(Rounding.text(total)) samples; samples per file "
          + InputEnvelope.samplesPerFile.rule)
    }
  }

  /// The stated rate, or the rate of the median positive sample interval marked `(measured)`,
  /// or `unknown`.
  static func sourceRate(_ d: Drawing) -> String {
    if let r = d.metadata.sampleRate { return Rounding.text(r) }
    var gaps: [Double] = []
    for s in d.strokes {
      for (a, b) in zip(s.samples, s.samples.dropFirst()) {
        let g = b.time! - a.time!
        if g > 0 { gaps.append(g) }
      }
    }
    guard !gaps.isEmpty else { return "unknown" }
    gaps.sort()
    let median = gaps[gaps.count / 2]
    return Rounding.text((100 / median).rounded() / 100) + " (measured)"
  }

  static func isOrdered(_ s: Stroke) -> Bool {
    zip(s.samples, s.samples.dropFirst()).allSatisfy { $0.time! <= $1.time! }
  }

  /// One timed, ordered stroke re-sampled (see the type's comment).
  static func resample(_ stroke: Stroke, _ rate: Double) -> Stroke {
    let s = stroke.samples
    guard s.count > 1 else { return stroke }
    let t0 = s[0].time!
    let tEnd = s[s.count - 1].time!
    var out = [s[0]]
    var i = 0
    var k = 1.0
    while t0 + k / rate < tEnd - 0.5 / rate {
      let t = t0 + k / rate
      while i + 2 < s.count && s[i + 1].time! <= t { i += 1 }
      out.append(interpolate(s[i], s[i + 1], at: t))
      k += 1
    }
    out.append(s[s.count - 1])
    return Stroke(samples: out, attributes: stroke.attributes)
  }

  /// The sample at time `t` on the way from `a` to `b` (t clamped to their interval).
  static func interpolate(_ a: Sample, _ b: Sample, at t: Double) -> Sample {
    let ta = a.time!
    let tb = b.time!
    let u = tb > ta ? Swift.min(1, Swift.max(0, (t - ta) / (tb - ta))) : 1
    func mix(_ x: Double?, _ y: Double?) -> Double? {
      guard let x, let y else { return u < 0.5 ? x ?? y : y ?? x }
      return x + (y - x) * u
    }
    var azimuth: Double?
    if let x = a.azimuth, let y = b.azimuth {
      let twoPi = 2 * Double.pi
      var d = (y - x).truncatingRemainder(dividingBy: twoPi)
      if d > Double.pi { d -= twoPi } else if d < -Double.pi { d += twoPi }
      var v = (x + d * u).truncatingRemainder(dividingBy: twoPi)
      if v < 0 { v += twoPi }
      v = Rounding.angle(v)
      azimuth = v < twoPi ? v : 0
    } else {
      azimuth = mix(a.azimuth, b.azimuth).map(Rounding.angle)
    }
    return Sample(
      x: Rounding.position(a.x + (b.x - a.x) * u), y: Rounding.position(a.y + (b.y - a.y) * u),
      time: Rounding.time(t), pressure: mix(a.pressure, b.pressure).map(Rounding.pressure),
      tilt: mix(a.tilt, b.tilt).map(Rounding.angle), azimuth: azimuth)
  }
}
