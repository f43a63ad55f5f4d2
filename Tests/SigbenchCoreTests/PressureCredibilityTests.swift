import SigbenchCore
import Testing

private func samples(_ pressures: [Double?]) -> [Sample] {
  pressures.enumerated().map { Sample(x: Double($0.offset), y: 0, pressure: $0.element) }
}

@Test func absentPressureIsNotCredible() {
  let r = PressureCredibility.assess(samples(Array(repeating: nil, count: 20)))
  #expect(r.finding == .absent && !r.isCredible)
  #expect(r.samples == 20 && r.samplesWithPressure == 0)
  #expect(PressureCredibility.assess([Sample]()).finding == .absent)
}

@Test func constantPressureIsNotCredible() {
  let r = PressureCredibility.assess(samples(Array(repeating: 0.73, count: 50)))
  #expect(r.finding == .constant)
  #expect(r.distinctLevels == 1 && r.mostFrequentValue == 0.73 && r.mostFrequentShare == 1)
}

@Test func aMouseHalfWithAReleaseZeroIsNotCredible() {
  // W3C Pointer Events: 0.5 while a button is down, 0 when it is released.
  let r = PressureCredibility.assess(samples(Array(repeating: 0.5, count: 40) + [0]))
  #expect(r.finding == .dominantValue)
  #expect(r.mostFrequentValue == 0.5)
  #expect(r.explanation.contains("0.5"))
}

@Test func fewLevelsAreNotCredible() {
  // Four coarse levels over 40 samples, none dominant.
  let levels = (0..<40).map { Double($0 % 4) / 4 }
  let r = PressureCredibility.assess(samples(levels))
  #expect(r.finding == .fewLevels && r.distinctLevels == 4)
  #expect(PressureCredibility.requiredLevels(samples: 40) == 8)
  #expect(PressureCredibility.requiredLevels(samples: 9) == 5)
}

@Test func realLookingPressureIsCredible() {
  // A pen-down ramp, a noisy plateau and a lift, quantised to 1,024 levels like SVC2004.
  var rng = SplitMix64(seed: 7)
  let values = (0..<120).map { i -> Double in
    let u = Double(i) / 119
    let envelope = min(1, u * 8, (1 - u) * 8)
    return ((0.2 + 0.5 * envelope + rng.double(in: -0.02...0.02)) * 1023).rounded() / 1023
  }
  let r = PressureCredibility.assess(samples(values))
  #expect(r.finding == .credible && r.isCredible)
  #expect(r.distinctLevels >= 8)
}

@Test func partialShortAndNarrowChannelsAreNotCredible() {
  let ramp = (0..<20).map { Double($0) / 20 }
  #expect(PressureCredibility.assess(samples(ramp + [nil])).finding == .partial)
  #expect(PressureCredibility.assess(samples([0.1, 0.5, 0.9])).finding == .tooFewSamples)
  let narrow = (0..<20).map { 0.5 + Double($0) * 0.0005 }
  #expect(PressureCredibility.assess(samples(narrow)).finding == .narrowRange)
}

@Test func aDrawingIsJudgedOnAllItsInkSamples() {
  // Each stroke alone is too short; together they show 12 levels.
  let strokes = (0..<3).map { k in
    Stroke(samples: samples((0..<4).map { Double(k * 4 + $0) / 12 }))
  }
  let d = Drawing(name: "d", strokes: strokes, hover: [Stroke(samples: samples([0.5]))])
  #expect(PressureCredibility.assess(strokes[0].samples).finding == .tooFewSamples)
  let r = PressureCredibility.assess(d)
  #expect(r.finding == .credible && r.samples == 12)
}
