import SigbenchCore
import SigbenchSynth
import SigbenchTestSupport
import Testing

/// Re-sampling timed recordings to another rate.
@Suite("resampler")
struct ResamplerTests {
  /// A straight stroke at constant speed, 120 Hz, with pressure rising linearly.
  static func line(samples n: Int = 121) -> Drawing {
    let s = (0..<n).map { k -> Sample in
      let t = Double(k) / 120
      return Sample(x: 10 + 300 * t, y: 20 + 120 * t, time: t, pressure: 0.2 + 0.5 * t)
    }
    return Drawing(
      name: "line", strokes: [Stroke(samples: s)],
      metadata: DrawingMetadata(sampleRate: 120, notes: ["original"]),
      groundTruth: GroundTruth(strokes: [[Point(x: 10, y: 20), Point(x: 310, y: 140)]]))
  }

  @Test("endpoints kept, a fixed period inside, linear values, metadata marked")
  func lineTo60() throws {
    let d = Self.line()
    let r = try Resampler.resample(d, to: 60)
    let a = d.strokes[0].samples
    let b = r.strokes[0].samples
    #expect(b.first == a.first && b.last == a.last)
    #expect(b.count == 61)
    for (k, s) in b.enumerated() {
      let t = s.time!
      if k > 0 && k < b.count - 1 { #expect(abs(t - Double(k) / 60) <= 5e-7) }
      #expect(abs(s.x - (10 + 300 * t)) <= 0.001 && abs(s.y - (20 + 120 * t)) <= 0.001)
      #expect(abs(s.pressure! - (0.2 + 0.5 * t)) <= 0.001)
    }
    #expect(r.metadata.sampleRate == 60)
    #expect(r.metadata.notes == ["original", "resampled from=120 to=60"])
    #expect(r.groundTruth == d.groundTruth)
  }

  @Test("the last interval lies in [½, 1½) periods; up-sampling works too (seeded)")
  func intervals() throws {
    var rng = SplitMix64(seed: propertySeed())
    let seed = rng.state
    for _ in 0..<50 {
      let d = Self.line(samples: rng.pick(2...300))
      let rate = rng.uniform(20...500)
      let b = try Resampler.resample(d, to: rate).strokes[0].samples
      let a = d.strokes[0].samples
      #expect(b.first == a.first && b.last == a.last, "seed \(seed)")
      let last = b[b.count - 1].time! - b[b.count - 2].time!
      #expect(last >= 0.5 / rate - 1e-6 && last < 1.5 / rate + 1e-6, "seed \(seed): \(rate) Hz")
      let expected = Int(((a.last!.time! - 0.5 / rate) * rate).rounded(.up)) + 1
      #expect(abs(b.count - max(2, expected)) <= 1, "seed \(seed): \(b.count) vs \(expected)")
    }
  }

  @Test("a synthetic 240 Hz recording resampled to 60 Hz has a quarter of the samples")
  func synthetic() throws {
    let r240 = Digitizer.sample(SynthFixtures.signature, SynthFixtures.clean(240), name: "s")
    let r = try Resampler.resample(r240.drawing, to: 60)
    let ratio = Double(r.sampleCount) / Double(r240.drawing.sampleCount)
    #expect(abs(ratio - 0.25) < 0.02, "\(ratio)")
    #expect(r.metadata.notes.last == "resampled from=240 to=60")
    // Linear interpolation between 240 Hz samples stays close to the true path.
    #expect(SynthFixtures.worstDistanceToTruth(r) < 0.5)
  }

  @Test("an untimed drawing, a drawing without ink and a bad rate are rejected")
  func rejects() throws {
    var untimed = Self.line()
    untimed.strokes[0].samples[3].time = nil
    #expect {
      try Resampler.resample(untimed, to: 60)
    } throws: { error in
      (error as? SynthError)?.message.contains("untimed") == true
    }
    #expect(throws: SynthError.self) {
      try Resampler.resample(Drawing(name: "e", strokes: []), to: 60)
    }
    #expect(throws: SynthError.self) { try Resampler.resample(Self.line(), to: 0) }
    #expect(throws: SynthError.self) { try Resampler.resample(Self.line(), to: .nan) }
    var backwards = Self.line()
    backwards.strokes[0].samples[5].time = 0
    #expect(throws: SynthError.self) { try Resampler.resample(backwards, to: 60) }
  }

  @Test("without a stated rate the source is the median interval's rate, marked measured")
  func measuredRate() throws {
    var d = Self.line()
    d.metadata.sampleRate = nil
    let r = try Resampler.resample(d, to: 30)
    #expect(r.metadata.notes.last == "resampled from=120 (measured) to=30")
  }

  @Test("an output past the envelope is refused before anything is allocated (#43, item 3)")
  func outputWithinTheEnvelope() throws {
    // Two samples 100,000 s apart at 1,000 Hz: 1e8 samples asked for, 1e6 allowed per stroke.
    let long = Drawing(
      name: "long",
      strokes: [Stroke(samples: [Sample(x: 0, y: 0, time: 0), Sample(x: 5, y: 5, time: 100_000)])])
    #expect(throws: SynthError.self) { try Resampler.resample(long, to: 1000) }
    do {
      _ = try Resampler.resample(long, to: 1000)
    } catch {
      #expect(error.message.contains("'long' ink stroke 1") && error.message.contains("100000001"))
      #expect(error.message.contains("at most 1000000 samples"), "\(error)")
    }
    // Within a stroke's bound, but not the file's: three strokes of 900,000.
    let stroke = Stroke(samples: [Sample(x: 0, y: 0, time: 0), Sample(x: 5, y: 5, time: 899.999)])
    let many = Drawing(name: "many", strokes: [stroke, stroke, stroke])
    #expect(throws: SynthError.self) { try Resampler.resample(many, to: 1000) }
    // Just inside: 1,000,000 samples in one stroke are made.
    let edge = Drawing(
      name: "edge",
      strokes: [Stroke(samples: [Sample(x: 0, y: 0, time: 0), Sample(x: 5, y: 5, time: 999.999)])])
    #expect(try Resampler.resample(edge, to: 1000).strokes[0].samples.count <= 1_000_000)
  }
}
