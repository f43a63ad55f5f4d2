import SigbenchCore
import SigbenchSynth
import SigbenchTestSupport
import Testing

/// One sigma-lognormal component: the closed-form displacement is the integral of the velocity
/// the model defines (speed v(t), direction φ(t)).
@Suite("lognormal component")
struct LognormalComponentTests {
  static func random(_ rng: inout SplitMix64) -> LognormalComponent {
    LognormalComponent(
      amplitude: rng.uniform(5...200), onset: rng.uniform(-0.2...0.5),
      logDelay: rng.uniform(-2.2 ... -1), logResponse: rng.uniform(0.15...0.45),
      startAngle: rng.uniform(-4...4), endAngle: rng.uniform(-4...4))
  }

  @Test("the closed-form displacement equals the velocity integrated by Simpson's rule (1e-6 px)")
  func displacementIsIntegratedVelocity() {
    var rng = SplitMix64(seed: propertySeed())
    let seed = rng.state
    for _ in 0..<6 {
      let c = Self.random(&rng)
      let span = c.activeSpan
      // Composite Simpson over [t₀, t] with 4,000 intervals, for a few t in the span.
      for end in [span.lowerBound, c.peakTime, span.upperBound] {
        let n = 4_000
        let h = (end - c.onset) / Double(n)
        var sum = c.velocity(at: c.onset) + c.velocity(at: end)
        for k in 1..<n {
          sum = sum + c.velocity(at: c.onset + Double(k) * h) * (k % 2 == 1 ? 4 : 2)
        }
        let integral = sum * (h / 3)
        #expect((integral - c.displacement(at: end)).length < 1e-6, "seed \(seed): \(c), t \(end)")
      }
    }
  }

  @Test("speed peaks at t₀ + e^(μ−σ²) with the stated peak; direction runs from θs to θe")
  func shape() {
    let c = LognormalComponent(
      amplitude: 40, onset: 0.1, logDelay: -1.6, logResponse: 0.3, startAngle: 0.2, endAngle: 1.4)
    let peak = c.speed(at: c.peakTime)
    #expect(abs(peak - c.peakSpeed) < 1e-9 * peak)
    #expect(c.speed(at: c.peakTime - 0.002) < peak && c.speed(at: c.peakTime + 0.002) < peak)
    #expect(c.speed(at: 0.1) == 0 && c.speed(at: 0.05) == 0)
    #expect(c.direction(at: 0.1) == 0.2)
    #expect(abs(c.direction(at: 100) - 1.4) < 1e-12)
    // Λ at the median time t₀ + e^μ is exactly ½: half the amplitude is travelled.
    #expect(abs(c.progress(at: 0.1 + Elementary.exp(-1.6)) - 0.5) < 1e-15)
    // Within the ±3σ span: Λ rises from 0.00135 to 0.99865.
    #expect(abs(c.progress(at: c.activeSpan.lowerBound) - 0.001_349_898) < 1e-9)
    #expect(abs(c.progress(at: c.activeSpan.upperBound) - 0.998_650_102) < 1e-9)
  }

  @Test("a component that does not turn moves in a straight line by its amplitude")
  func straight() {
    let c = LognormalComponent(
      amplitude: 30, onset: 0, logDelay: -1.5, logResponse: 0.25, startAngle: 0.7, endAngle: 0.7)
    let d = c.displacement(at: 10)
    #expect(abs(d.length - 30) < 1e-12)
    #expect(abs(d.x - 30 * Trigonometry.cos(0.7)) < 1e-12)
    // A half turn ends 2D/π from where it started (a semicircle of arc length D).
    let half = LognormalComponent(
      amplitude: 30, onset: 0, logDelay: -1.5, logResponse: 0.25, startAngle: 0,
      endAngle: Double.pi)
    #expect(abs(half.displacement(at: 10).length - 60 / Double.pi) < 1e-12)
  }
}
