import Foundation
import SigbenchBench
import SigbenchResults
import Testing

/// The A/A noise floor: spread estimator, threshold selection, minimum detectable change, and
/// the gate's use of a floor, on fixed synthetic samples with known answers.
@Suite("noise floor")
struct NoiseFloorTests {
  /// `count` values 1 + σ · Φ⁻¹((i + ½) / count): an evenly spread normal sample.
  static func normalPool(_ count: Int, sigma: Double, center: Double = 1) -> [Double] {
    (0..<count).map {
      center * (1 + sigma * NoiseSpread.normalQuantile((Double($0) + 0.5) / Double(count)))
    }
  }

  @Test("normal quantiles: textbook values")
  func quantiles() {
    #expect(abs(NoiseSpread.normalQuantile(0.5)) < 1e-12)
    #expect(abs(NoiseSpread.normalQuantile(0.975) - 1.959963984540054) < 1e-9)
    #expect(abs(NoiseSpread.normalQuantile(0.8) - 0.8416212335729143) < 1e-9)
    #expect(abs(NoiseSpread.normalQuantile(0.025) + 1.959963984540054) < 1e-9)
  }

  @Test("spread: 0 for a constant pool, scale-free, seeded, and the normal-theory value")
  func spread() throws {
    #expect(NoiseSpread.ratioSpread([5, 5, 5, 5, 5, 5], headCount: 3, baseCount: 3, seed: 1) == 0)
    let pool = Self.normalPool(400, sigma: 0.02)
    let s = try #require(NoiseSpread.ratioSpread(pool, headCount: 200, baseCount: 200, seed: 9))
    // Median of n normal values: sd ≈ 1.2533 σ / √n; two independent sides: × √2.
    let theory = 1.2533 * 0.02 * (2.0 / 200).squareRoot()
    #expect(abs(s / theory - 1) < 0.15, "spread \(s) vs theory \(theory)")
    let scaled = try #require(
      NoiseSpread.ratioSpread(pool.map { $0 * 7 }, headCount: 200, baseCount: 200, seed: 9))
    #expect(abs(scaled - s) < 1e-12)
    #expect(NoiseSpread.ratioSpread(pool, headCount: 200, baseCount: 200, seed: 9) == s)
    // Fewer processes per side: a wider spread (√(200/10) ≈ 4.5× in theory).
    let small = try #require(NoiseSpread.ratioSpread(pool, headCount: 10, baseCount: 10, seed: 9))
    #expect(small > 3 * s)
    // A pool smaller than both sides: drawn with replacement, still an answer.
    let tiny = try #require(
      NoiseSpread.ratioSpread([1, 1.02, 0.98, 1.01, 0.99], headCount: 10, baseCount: 10, seed: 3))
    #expect(tiny > 0 && tiny < 0.02)
    #expect(NoiseSpread.ratioSpread([1, 2, 3], headCount: 1, baseCount: 1, seed: 1) == nil)
    #expect(NoiseSpread.ratioSpread([1, 2, 3, 0], headCount: 1, baseCount: 1, seed: 1) == nil)
    #expect(NoiseSpread.ratioSpread([1, 2, 3, 4], headCount: 0, baseCount: 1, seed: 1) == nil)
  }

  @Test("threshold: max(configured, 3 × spread) and which one won; minimum detectable change")
  func threshold() {
    #expect(NoiseSpread.threshold(configured: 0.02, spread: 0.01) == (0.03, true))
    #expect(NoiseSpread.threshold(configured: 0.02, spread: 0.005) == (0.02, false))
    #expect(NoiseSpread.threshold(configured: 0.02, spread: nil) == (0.02, false))
    // 0.03 + (1.95996 + 0.84162) × 0.01
    let mdc = NoiseSpread.minimumDetectableChange(threshold: 0.03, spread: 0.01, confidence: 0.95)
    #expect(abs(mdc - 0.0580158) < 1e-6)
    #expect(
      NoiseSpread.minimumDetectableChange(threshold: 0.02, spread: 0, confidence: 0.95) == 0.02)
  }

  static func floor(_ values: [Double], metric: GateMetric = .batchP50Ratio) -> NoiseFloor {
    NoiseFloor(
      name: "aa", createdAt: "2026-11-30T12:00:00Z", tool: "sigbench test",
      machine: MachineFingerprint(
        cpuModel: "cpu", cores: 2, os: "os", toolchain: "swift", buildConfiguration: "release"),
      provenance: Provenance(gitCommit: "abc", gitDirty: false, corpusChecksum: "c0ffee"),
      corpus: BenchCorpusInfo(root: "c", drawings: 1, strokes: 1, points: 10, checksum: "c0ffee"),
      processes: values.count, repetitions: 3,
      replicates: [ReplicateSet(strategy: "a", lane: .smooth, metric: metric, values: values)])
  }

  @Test("gate with a noise floor: a noisy floor raises the threshold and says so")
  func gateUsesFloor() throws {
    let base = (0..<10).map { 1 + Double($0 % 5) * 0.002 }
    let head = base.map { $0 * 1.035 }
    var settings = GateSettings.standard
    settings.resamples = 2000
    let h = [ReplicateSet(strategy: "a", lane: .smooth, metric: .batchP50Ratio, values: head)]
    let b = [ReplicateSet(strategy: "a", lane: .smooth, metric: .batchP50Ratio, values: base)]
    let plain = GateEvaluator.compareTiming(head: h, base: b, settings: settings)
    #expect(plain[0].verdict == .regressed)
    #expect(plain[0].thresholdSource == "configured (default)")
    #expect(plain[0].noise == nil)
    // A/A processes with ~4 % spread each: for 10 vs 10 the ratio spread is ~2 %, so the floor
    // (~6 %) exceeds the configured 2 % and a 3.5 % change is no longer a regression.
    let noisy = Self.floor(Self.normalPool(40, sigma: 0.04))
    let r = GateEvaluator.compareTiming(head: h, base: b, settings: settings, noise: noisy)
    let e = try #require(r[0].noise)
    #expect(r[0].verdict != .regressed)
    #expect(r[0].thresholdSource.hasPrefix("A/A noise floor 'aa' (2026-11-30T12:00:00Z, 40"))
    #expect(abs(r[0].effectiveThreshold - 3 * e.spread) < 1e-12)
    #expect(e.configuredThreshold == 0.02)
    #expect(e.minimumDetectableChange > r[0].effectiveThreshold)
    // A quiet floor: the configured threshold stays, the evidence (and MDC) is still reported.
    let quiet = Self.floor(Self.normalPool(40, sigma: 0.002))
    let q = GateEvaluator.compareTiming(head: h, base: b, settings: settings, noise: quiet)
    #expect(q[0].verdict == .regressed)
    #expect(q[0].effectiveThreshold == 0.02)
    #expect(q[0].thresholdSource == "configured (default)")
    #expect(q[0].noise.map { $0.spread < 0.002 } == true)
    // A floor for another metric covers nothing here.
    let other = Self.floor(Self.normalPool(40, sigma: 0.04), metric: .p99)
    let o = GateEvaluator.compareTiming(head: h, base: b, settings: settings, noise: other)
    #expect(o[0].noise == nil && o[0].verdict == .regressed)
  }

  @Test("floor compatibility and per-metric bands")
  func compatibility() {
    let f = Self.floor(Self.normalPool(40, sigma: 0.04))
    #expect(f.incompatibility(machine: f.machine, corpusChecksum: "c0ffee") == nil)
    #expect(
      f.incompatibility(machine: f.machine, corpusChecksum: "beef")?.contains("corpus") == true)
    var m = f.machine
    m.cpuModel = "other"
    #expect(f.incompatibility(machine: m, corpusChecksum: "c0ffee")?.contains("CPU") == true)
    let bands = f.bands(perSide: 20, settings: GateSettings.standard)
    #expect(bands.count == 1)
    #expect(bands[0].threshold == max(0.02, 3 * bands[0].spread))
    #expect(bands[0].minimumDetectableChange > bands[0].threshold)
    let decoded = try? NoiseFloor.decode(f.encoded())
    #expect(decoded == f)
  }
}
