import SigbenchCore
import SigbenchSynth
import SigbenchTestSupport
import Testing

/// Sampling a motion like a digitizer: on the truth, noise, grid, jitter, drops, shared truth.
@Suite("digitizer")
struct DigitizerTests {
  @Test("without noise every sample is the exact position rounded to 1/1000 px, on the truth")
  func zeroNoiseOnTruth() {
    for motion in [SynthFixtures.signature, SynthFixtures.line] {
      let r = Digitizer.sample(motion, SynthFixtures.clean(120), name: "t")
      for (i, stroke) in r.drawing.strokes.enumerated() {
        for (j, s) in stroke.samples.enumerated() {
          #expect(s.point == Rounding.position(r.truePositions[i][j]))
          #expect(s.time == Rounding.time(r.captureTimes[i][j]))
        }
      }
      // The stored truth is within its thinning tolerance (0.005 px) plus the chord error
      // between 2 kHz evaluations and two 1/1000 px roundings: 0.01 px is the stated bound.
      let worst = SynthFixtures.worstDistanceToTruth(r.drawing)
      #expect(worst <= 0.01, "\(motion.id): \(worst) px")
    }
  }

  @Test("the truth polyline is within 0.01 px of the exact path evaluated at 20 kHz")
  func truthIsDense() {
    let m = SynthFixtures.signature
    var worst = 0.0
    for (i, s) in m.strokes.enumerated() {
      let n = Int((s.end - s.begin) / 0.000_05)
      let path = (0...n).map { s.position(at: s.begin + Double($0) * 0.000_05) }
      worst = max(worst, SynthFixtures.followingDistances(path, m.truth[i]).max()!)
      #expect(m.truth[i].first == Rounding.position(s.position(at: s.begin)))
      #expect(m.truth[i].last == Rounding.position(s.position(at: s.end)))
      let chords = zip(m.truth[i], m.truth[i].dropFirst()).map { $0.distance(to: $1) }
      #expect(chords.allSatisfy { $0 <= TruthTrace.maxChord + 0.002 })
    }
    #expect(worst <= 0.01, "\(worst) px")
  }

  @Test("noise is Gaussian with the declared standard deviation (seeded)")
  func noise() throws {
    let sigma = 0.5
    let r = Digitizer.sample(
      SynthFixtures.line, try DigitizerSettings(rate: 240, noise: sigma), name: "t")
    var residuals: [Double] = []
    for (i, stroke) in r.drawing.strokes.enumerated() {
      for (j, s) in stroke.samples.enumerated() {
        residuals += [s.x - r.truePositions[i][j].x, s.y - r.truePositions[i][j].y]
      }
    }
    let n = Double(residuals.count)
    let mean = residuals.reduce(0, +) / n
    let sd = (residuals.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / (n - 1)).squareRoot()
    #expect(residuals.count > 2_000)
    #expect(abs(mean) < 4 * sigma / n.squareRoot(), "mean \(mean)")
    #expect(abs(sd / sigma - 1) < 0.08, "sd \(sd) over \(residuals.count) values")
    #expect(residuals.allSatisfy { abs($0) < 6 * sigma })
    // About 68.3 % within one standard deviation.
    let inside = Double(residuals.filter { abs($0) <= sigma }.count) / n
    #expect(abs(inside - 0.683) < 0.04, "\(inside)")
  }

  @Test("positions lie on the device grid, within half a cell of the exact position")
  func grid() throws {
    let r = Digitizer.sample(
      SynthFixtures.signature, try DigitizerSettings(rate: 120, grid: 0.5), name: "t")
    for (i, stroke) in r.drawing.strokes.enumerated() {
      for (j, s) in stroke.samples.enumerated() {
        #expect((s.x * 2).rounded() == s.x * 2 && (s.y * 2).rounded() == s.y * 2)
        #expect(abs(s.x - r.truePositions[i][j].x) <= 0.25 + 1e-12)
        #expect(abs(s.y - r.truePositions[i][j].y) <= 0.25 + 1e-12)
      }
    }
  }

  @Test("timestamps are the capture instants ± jitter, strictly increasing, never below 0")
  func jitter() throws {
    let j = DigitizerSettings.maxJitter(rate: 240)
    let r = Digitizer.sample(
      SynthFixtures.signature, try DigitizerSettings(rate: 240, jitter: j), name: "t")
    var largest = 0.0
    var previous = -1.0
    for (i, stroke) in r.drawing.strokes.enumerated() {
      for (k, s) in stroke.samples.enumerated() {
        let shift = s.time! - r.captureTimes[i][k]
        largest = max(largest, abs(shift))
        #expect(abs(shift) <= j + 5e-7 && s.time! >= 0)
        #expect(s.time! > previous)
        previous = s.time!
        // The capture instants themselves are on the 240 Hz clock.
        let tick = r.captureTimes[i][k] * 240
        #expect(abs(tick - tick.rounded()) < 1e-6)
      }
    }
    #expect(largest > 0.9 * j, "jitter never reached its bound: \(largest)")
    #expect(throws: SynthError.self) { try DigitizerSettings(rate: 240, jitter: 0.002) }
  }

  @Test("drops remove about the declared share, keep stroke ends, and change nothing else")
  func drops() throws {
    let all = Digitizer.sample(SynthFixtures.line, SynthFixtures.clean(240), name: "t")
    let some = Digitizer.sample(
      SynthFixtures.line, try DigitizerSettings(rate: 240, dropRate: 0.3), name: "t")
    var interior = 0
    var kept = 0
    for (a, b) in zip(all.drawing.strokes, some.drawing.strokes) {
      #expect(b.samples.first == a.samples.first && b.samples.last == a.samples.last)
      // What survives is exactly a subset of the samples taken without drops.
      var k = 0
      for s in b.samples {
        while k < a.samples.count && a.samples[k] != s { k += 1 }
        #expect(k < a.samples.count, "a kept sample differs from the undropped one")
      }
      interior += a.samples.count - 2
      kept += b.samples.count - 2
    }
    let dropped = 1 - Double(kept) / Double(interior)
    #expect(abs(dropped - 0.3) < 0.05, "dropped \(dropped) of \(interior)")
  }

  @Test("60, 120 and 240 Hz samplings of one motion share exactly the same truth")
  func sharedTruth() {
    let m = SynthFixtures.signature
    let d = [60.0, 120, 240].map { Digitizer.sample(m, SynthFixtures.clean($0), name: "t") }
    #expect(d[0].drawing.groundTruth == d[2].drawing.groundTruth)
    #expect(d[1].drawing.groundTruth == d[2].drawing.groundTruth)
    #expect(d[0].drawing.groundTruth?.strokes == m.truth)
    let n = d.map { Double($0.drawing.sampleCount) }
    #expect(abs(n[2] / n[0] - 4) < 0.1, "\(n)")
    #expect(d[0].drawing.strokes.count == m.strokes.count)
    #expect(d[0].drawing.metadata.sampleRate == 60 && d[2].drawing.metadata.sampleRate == 240)
  }

  @Test("the true speeds are the motion's speeds at the capture instants")
  func speeds() {
    let r = Digitizer.sample(SynthFixtures.signature, SynthFixtures.clean(60), name: "t")
    for (i, stroke) in SynthFixtures.signature.strokes.enumerated() {
      for (k, t) in r.captureTimes[i].enumerated() {
        #expect(r.trueSpeeds[i][k] == stroke.speed(at: t))
      }
    }
  }
}
