import SigbenchCore
import SigbenchSynth
import SigbenchTestSupport
import Testing

/// The signature and handwriting generators: determinism, realistic ranges, pressure, notes.
@Suite("generators")
struct GeneratorTests {
  static let mm = 96 / 25.4

  @Test("the same seed gives the same drawing; another seed a different one")
  func determinism() throws {
    let settings = try DigitizerSettings(rate: 120, noise: 0.2, grid: 0.25, jitter: 0.001)
    for kind in MotionKind.allCases {
      let a = Digitizer.sample(kind.motion(id: "m", seed: 42), settings, name: "m").drawing
      let b = Digitizer.sample(kind.motion(id: "m", seed: 42), settings, name: "m").drawing
      let c = Digitizer.sample(kind.motion(id: "m", seed: 43), settings, name: "m").drawing
      #expect(a == b)
      #expect(a.strokes != c.strokes && a.groundTruth != c.groundTruth)
    }
    let set = SyntheticSet.committed
    #expect(set.plans.count == 36 && Set(set.plans.map(\.seed)).count == 36)
    #expect(set.plans.first?.id == "signature-01" && set.plans.last?.id == "line-12")
  }

  @Test("the speed profile integrates to the truth's length (midpoint rule, within 0.1 %)")
  func speedIntegratesToPathLength() {
    for m in [SynthFixtures.signature, SynthFixtures.line] {
      for (i, s) in m.strokes.enumerated() {
        // ∑|v|Δt with Δt = 0.2 ms at interval midpoints over [pen-down, pen-up].
        let n = Int(((s.end - s.begin) / 0.000_2).rounded(.up))
        let dt = (s.end - s.begin) / Double(n)
        var travelled = 0.0
        for k in 0..<n { travelled += s.speed(at: s.begin + (Double(k) + 0.5) * dt) * dt }
        let truth = m.truth[i]
        let length = zip(truth, truth.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
        #expect(
          abs(travelled / length - 1) < 1e-3, "\(m.id) stroke \(i): \(travelled) vs \(length)")
      }
    }
  }

  @Test("sizes, durations and speeds are in the documented ranges (seeded)")
  func ranges() {
    var rng = SplitMix64(seed: propertySeed())
    let seed = rng.state
    for kind in MotionKind.allCases {
      for _ in 0..<3 {
        let m = kind.motion(id: "m", seed: rng.next())
        let b = m.bounds
        let speeds = m.strokes.flatMap { s in
          stride(from: s.begin, to: s.end, by: 0.01).map { s.speed(at: $0) / Self.mm }
        }.sorted()
        let p95 = speeds[speeds.count * 95 / 100]
        let gaps = zip(m.strokes, m.strokes.dropFirst()).map { $1.begin - $0.end }
        if kind == .signature {
          #expect(
            (15...140).contains(b.size.width / Self.mm), "seed \(seed): width \(b.size.width)")
          #expect((1...5).contains(m.strokes.count), "seed \(seed)")
          #expect((80...900).contains(p95), "seed \(seed): p95 speed \(p95) mm/s")
        } else {
          #expect(
            (25...150).contains(b.size.width / Self.mm), "seed \(seed): width \(b.size.width)")
          #expect((4...12).contains(m.strokes.count), "seed \(seed)")
          #expect((15...200).contains(p95), "seed \(seed): p95 speed \(p95) mm/s")
        }
        #expect(gaps.allSatisfy { (0.1...0.4).contains($0) }, "seed \(seed): gaps \(gaps)")
        // A signature's dot or tick is one quick component (e^μ ≥ 0.055 s).
        let shortest = kind == .signature ? 0.05 : 0.1
        #expect(m.strokes.allSatisfy { $0.duration >= shortest }, "seed \(seed)")
        #expect(abs(b.minX - 16) < 1 && abs(b.minY - 16) < 1, "seed \(seed): \(b)")
      }
    }
  }

  @Test("pressure is in [0, 1], rises after pen-down, falls before pen-up, eases with speed")
  func pressure() {
    let r = Digitizer.sample(SynthFixtures.line, SynthFixtures.clean(240), name: "t")
    for (i, stroke) in r.drawing.strokes.enumerated() {
      let p = stroke.samples.map { $0.pressure! }
      #expect(p.allSatisfy { (0...1).contains($0) })
      let top = p.max()!
      #expect(p.first! < 0.5 * top && p.last! < 0.5 * top, "stroke \(i): \(p.first!) \(p.last!)")
      #expect(p[1] > p[0] && p[p.count - 2] > p[p.count - 1])
      // Away from the ends (≥ 0.15 s) pressure falls as speed rises.
      let s = SynthFixtures.line.strokes[i]
      let inner = r.captureTimes[i].indices.filter {
        r.captureTimes[i][$0] - s.begin > 0.15 && s.end - r.captureTimes[i][$0] > 0.15
      }
      guard inner.count > 20 else { continue }
      let x = inner.map { r.trueSpeeds[i][$0] }
      let y = inner.map { p[$0] }
      #expect(Self.correlation(x, y) < -0.9, "stroke \(i)")
    }
  }

  @Test("metadata: source, device, rate and the synth key=value notes")
  func metadata() throws {
    let set = SyntheticSet.committed
    let files = set.files(for: set.plans[0], try set.digitizers())
    #expect(files.map(\.name) == ["signature-01-60hz", "signature-01-120hz", "signature-01-240hz"])
    let d = files[1].sampled.drawing
    #expect(d.name == "signature-01-120hz")
    #expect(d.metadata.sampleRate == 120)
    #expect(d.metadata.device == "simulated digitizer, 120 Hz")
    #expect(d.metadata.source?.contains("sigma-lognormal") == true)
    let notes = Set(d.metadata.notes)
    for line in [
      "synth generator=signature", "synth seed=\(set.plans[0].seed)", "synth set-seed=12",
      "synth motion=signature-01", "synth rate=120", "synth noise=0.15", "synth grid=0.25",
      "synth jitter=0.0005", "synth drop=0.005",
    ] {
      #expect(notes.contains(line), "missing note '\(line)'")
    }
  }

  static func correlation(_ x: [Double], _ y: [Double]) -> Double {
    let n = Double(x.count)
    let mx = x.reduce(0, +) / n
    let my = y.reduce(0, +) / n
    var sxy = 0.0
    var sxx = 0.0
    var syy = 0.0
    for (a, b) in zip(x, y) {
      sxy += (a - mx) * (b - my)
      sxx += (a - mx) * (a - mx)
      syy += (b - my) * (b - my)
    }
    return sxy / (sxx * syy).squareRoot()
  }
}
