import SigbenchCore
import SigbenchSynth
import Testing

/// `synth` at the edges of every option's range makes drawings inside the input envelope, so
/// what it writes is read back whole (#43); `GeneratedFiles` refuses any that is not.
@Suite struct SynthEnvelopeTests {
  @Test("the fastest rate, the most noise, grid, jitter and drops: inside the envelope")
  func extremes() throws {
    let set = SyntheticSet(
      seed: 7, signatures: 3, lines: 3,
      rates: [DigitizerSettings.minRate, DigitizerSettings.maxRate],
      noise: 10, grid: 10, jitter: DigitizerSettings.maxJitter(rate: DigitizerSettings.maxRate),
      dropRate: 0.5)
    let digitizers = try set.digitizers()
    var drawings = 0
    for plan in set.plans {
      for file in set.files(for: plan, digitizers) {
        let d = file.sampled.drawing
        #expect(InputEnvelope.violations(in: d).isEmpty, "\(file.name)")
        #expect(d.groundTruth != nil, "\(file.name)")
        drawings += 1
      }
    }
    #expect(drawings == 12)
  }
}
