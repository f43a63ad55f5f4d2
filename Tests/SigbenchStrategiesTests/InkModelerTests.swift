import SigbenchCore
import SigbenchStrategies
import SigbenchTestSupport
import Testing

/// `ink-modeler` on constructed input: the spring–mass lag, the catch-up at pen-up and the
/// Kalman prediction on a straight line.
@Suite("ink-modeler")
struct InkModelerTests {
  static func strategy(_ options: String = "") throws -> ConfiguredStrategy {
    try #require(try StrategyCatalog.configureList("ink-modeler" + options).first)
  }

  /// A constant-velocity line along +x at `speed` px/s sampled at `rate` Hz.
  static func line(samples n: Int, speed: Double, rate: Double) -> [Sample] {
    (0..<n).map { i in
      let t = Double(i) / rate
      return Sample(x: 50 + speed * t, y: 80, time: t, pressure: 0.5)
    }
  }

  @Test("a constant-velocity line is followed with the model's lag k_d · M · v − v · Δt")
  func constantVelocityLag() throws {
    let s = try Self.strategy()
    let samples = Self.line(samples: 240, speed: 300, rate: 240)
    var instance = s.makeInstance()
    var output = StrokeOutput()
    var stableEnd = Point.zero
    for sample in samples {
      instance.push(sample, into: &output)
      if let last = output.stable.centerline.last { stableEnd = last.end }
    }
    // Semi-implicit Euler settles where the spring balances the drag at the input's speed,
    // k_d · M · v behind the anchor before the step, so v · Δt less after it: 6.08 px.
    let expected = 72 * (11.0 / 32400) * 300 - 300.0 / 240
    let lag = samples[samples.count - 1].point.x - stableEnd.x
    #expect(abs(lag - expected) < 1e-6, "lag \(lag) px, expected \(expected) px")
    #expect(abs(stableEnd.y - 80) < 1e-9, "the model stays on the line")
  }

  @Test("the catch-up at pen-up ends on the last sample")
  func catchUpEndsOnLastSample() throws {
    let s = try Self.strategy()
    let samples = Self.line(samples: 60, speed: 400, rate: 120)
    let ink = s.smooth(samples)
    let last = try #require(ink.centerline.last)
    #expect(last.end == samples[samples.count - 1].point)
    // Before the final connection the catch-up came within the model's reach: at most the
    // 20 steps of 1/180 s left, from a lag of 9.8 px.
    let before = try #require(ink.centerline.dropLast().last)
    #expect(before.end.distance(to: last.end) < 1, "catch-up stopped \(before.end) short")
  }

  @Test("prediction on a straight line at constant speed is the true future position")
  func predictionOnStraightLine() throws {
    let s = try Self.strategy()
    let samples = Self.line(samples: 80, speed: 500, rate: 240)
    var instance = s.makeInstance()
    var output = StrokeOutput()
    var worst = 0.0
    for (i, sample) in samples.enumerated() {
      instance.push(sample, into: &output)
      guard i > 0 else {
        #expect(output.prediction == nil, "one sample says nothing about motion")
        continue
      }
      let p = try #require(output.prediction)
      #expect(abs(p.time - (sample.time! + 0.020)) < 1e-12)
      guard i >= 40 else { continue }
      let truth = Point(x: 50 + 500 * p.time, y: 80)
      worst = max(worst, p.point.distance(to: truth))
    }
    #expect(worst < 0.05, "prediction off by \(worst) px")
  }

  @Test("predict=0 draws no tentative tail and reports no prediction")
  func predictionOff() throws {
    let s = try Self.strategy("(predict=0)")
    var instance = s.makeInstance()
    var output = StrokeOutput()
    for sample in Self.line(samples: 30, speed: 300, rate: 120) {
      instance.push(sample, into: &output)
      #expect(output.prediction == nil)
      #expect(output.tentative.centerline.isEmpty)
    }
  }

  @Test("a huge time step is a long pause, not a trap (#43, item 2)")
  func hugeTimeSteps() throws {
    let s = try StrategyCatalog.configure(StrategySpec(id: "ink-modeler"))
    // Past the envelope (the readers refuse times over 1e10 s) the push still must not trap.
    let far = [
      Sample(x: 1, y: 2, time: 0), Sample(x: 3, y: 4, time: 0.01), Sample(x: 5, y: 6, time: 1e308),
    ]
    _ = s.smooth(far)
    for t in [1e6, 1e10, 1e17] {
      let samples = [
        Sample(x: 1, y: 2, time: 0), Sample(x: 30, y: 40, time: 0.01),
        Sample(x: 50, y: 60, time: t),
      ]
      let ink = s.smooth(samples)
      #expect(ink.isFinite && !ink.isEmpty, "t = \(t)")
      let failures = StrategyContract.check(
        s, samples, offset: .zero, tentativePreviewsFinish: false)
      #expect(failures == [], "t = \(t)")
    }
  }
}
