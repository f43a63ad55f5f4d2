import SigbenchCore
import Testing

/// A tiny strategy with one sample of look-ahead: the segment into the newest sample stays
/// tentative until the next sample arrives, and a lone sample is a tentative disc. Stable
/// output is the segment before the tail; `finish` bakes the tail.
private struct LagLine: SmoothingStrategy {
  typealias Settings = Double

  static let descriptor = StrategyDescriptor(
    id: "test-lag-line", summary: "Polyline one sample behind.", details: "Test only.",
    parameters: [])

  static func settings(from configuration: StrategyConfiguration) throws -> Double { 2 }

  let width: Double
  var previous: Point?
  var current: Point?

  init(settings: Double) { width = settings }

  mutating func process(_ sample: Sample, into output: inout StrokeOutput) {
    if let p = previous, let c = current {
      output.stable.append(.line(p, c, startWidth: width, endWidth: width))
    }
    previous = current
    current = sample.point
    writeTail(into: &output.tentative)
  }

  mutating func complete(into output: inout StrokeOutput) {
    writeTail(into: &output.stable)
    previous = nil
    current = nil
  }

  func writeTail(into geometry: inout InkGeometry) {
    guard let c = current else { return }
    if let p = previous {
      geometry.append(.line(p, c, startWidth: width, endWidth: width))
    } else {
      geometry.append(Disc(center: c, radius: width / 2))
    }
  }
}

private let samples = [
  Sample(x: 0, y: 0), Sample(x: 3, y: 4), Sample(x: 6, y: 4), Sample(x: 10, y: 1),
]

private func line(_ a: Sample, _ b: Sample) -> CenterlineSegment {
  .line(a.point, b.point, startWidth: 2, endWidth: 2)
}

/// The geometry with exactly these centreline segments and discs.
private func geometry(_ segments: [CenterlineSegment], discs: [Disc] = []) -> InkGeometry {
  InkGeometry(centerline: InkArray(segments), outline: [], discs: InkArray(discs))
}

/// The replay written out by hand: push each sample, then finish, one reused output.
private func handReplay(_ samples: [Sample], finish: Bool) -> (
  stable: InkGeometry, tentative: InkGeometry
) {
  var strategy = LagLine(settings: 2)
  var output = StrokeOutput()
  var stable = InkGeometry()
  for s in samples {
    strategy.push(s, into: &output)
    stable.append(contentsOf: output.stable)
  }
  if finish {
    strategy.finish(into: &output)
    stable.append(contentsOf: output.stable)
  }
  return (stable, output.tentative)
}

private func configured() throws -> ConfiguredStrategy {
  try StrategyEntry.of(LagLine.self).configure(StrategySpec(id: "test-lag-line"))
}

@Suite("stroke replay")
struct StrokeReplayTests {
  @Test("steps are every push in order with its index, then finish")
  func stepOrder() {
    var strategy = LagLine(settings: 2)
    var output = StrokeOutput()
    var steps: [ReplayStep] = []
    var stable: [InkGeometry] = []
    var tentative: [InkGeometry] = []
    StrokeReplay.run(&strategy, samples, output: &output) { step, result in
      steps.append(step)
      stable.append(result.stable)
      tentative.append(result.tentative)
    }
    #expect(
      steps == [
        .push(sampleIndex: 0), .push(sampleIndex: 1), .push(sampleIndex: 2),
        .push(sampleIndex: 3), .finish,
      ])
    let (a, b, c, d) = (samples[0], samples[1], samples[2], samples[3])
    #expect(
      stable == [
        InkGeometry(), InkGeometry(), geometry([line(a, b)]), geometry([line(b, c)]),
        geometry([line(c, d)]),
      ])
    #expect(
      tentative == [
        geometry([], discs: [Disc(center: a.point, radius: 1)]), geometry([line(a, b)]),
        geometry([line(b, c)]), geometry([line(c, d)]), InkGeometry(),
      ])
    #expect(output.tentative.isEmpty)
  }

  @Test("indices count from 0 for a slice; an empty stroke is only finish")
  func sliceAndEmpty() {
    var strategy = LagLine(settings: 2)
    var output = StrokeOutput()
    var steps: [ReplayStep] = []
    StrokeReplay.run(&strategy, samples[2...], output: &output) { step, _ in steps.append(step) }
    #expect(steps == [.push(sampleIndex: 0), .push(sampleIndex: 1), .finish])

    steps = []
    var fresh = LagLine(settings: 2)
    StrokeReplay.run(&fresh, [Sample](), output: &output) { step, _ in steps.append(step) }
    #expect(steps == [.finish])
    #expect(output.stable.isEmpty && output.tentative.isEmpty)
  }

  @Test("finish: false makes no finish step and keeps the tentative tail")
  func withoutFinish() {
    var strategy = LagLine(settings: 2)
    var output = StrokeOutput()
    var steps: [ReplayStep] = []
    StrokeReplay.run(&strategy, samples, finish: false, output: &output) { step, _ in
      steps.append(step)
    }
    #expect(steps == (0..<4).map { ReplayStep.push(sampleIndex: $0) })
    #expect(output.tentative == geometry([line(samples[2], samples[3])]))

    var other = LagLine(settings: 2)
    let ink = StrokeReplay.ink(&other, samples, finish: false)
    #expect(ink.stable == geometry([line(samples[0], samples[1]), line(samples[1], samples[2])]))
    #expect(ink.tentative == geometry([line(samples[2], samples[3])]))
    // The instance is left mid-stroke: finishing now bakes exactly that tail.
    StrokeReplay.step(&other, nil, into: &output)
    #expect(output.stable == ink.tentative)
    #expect(output.tentative.isEmpty)
  }

  @Test("ink is the concatenation of the stable chunks")
  func inkConcatenatesStable() {
    for finish in [true, false] {
      var strategy = LagLine(settings: 2)
      var output = StrokeOutput()
      var chunks = InkGeometry()
      StrokeReplay.run(&strategy, samples, finish: finish, output: &output) { _, result in
        chunks.append(contentsOf: result.stable)
      }
      var fresh = LagLine(settings: 2)
      let ink = StrokeReplay.ink(&fresh, samples, finish: finish)
      #expect(ink.stable == chunks, "finish: \(finish)")
      #expect(ink.tentative == output.tentative, "finish: \(finish)")
    }
  }

  @Test("the replay equals a hand-written push/finish loop")
  func matchesHandLoop() throws {
    let expected = geometry(
      [line(samples[0], samples[1]), line(samples[1], samples[2]), line(samples[2], samples[3])])
    for count in 0...samples.count {
      let prefix = Array(samples.prefix(count))
      for finish in [true, false] {
        var strategy = LagLine(settings: 2)
        let ink = StrokeReplay.ink(&strategy, prefix, finish: finish)
        let hand = handReplay(prefix, finish: finish)
        #expect(ink.stable == hand.stable, "\(count) samples, finish: \(finish)")
        #expect(ink.tentative == hand.tentative, "\(count) samples, finish: \(finish)")
        let mid = try configured().ink(after: prefix, finish: finish)
        #expect(mid.stable == hand.stable && mid.tentative == hand.tentative)
      }
    }
    #expect(LagLine.smooth(samples, settings: 2) == expected)
    #expect(try configured().smooth(samples) == expected)
    let tap = geometry([], discs: [Disc(center: samples[1].point, radius: 1)])
    #expect(try configured().smooth([samples[1]]) == tap)
  }

  @Test("ConfiguredStrategy.replay reports the same steps and outputs")
  func configuredReplay() throws {
    var steps: [ReplayStep] = []
    var stable = InkGeometry()
    var lastTentative = InkGeometry()
    try configured().replay(samples, finish: false) { step, result in
      steps.append(step)
      stable.append(contentsOf: result.stable)
      lastTentative = result.tentative
    }
    #expect(steps == (0..<4).map { ReplayStep.push(sampleIndex: $0) })
    let hand = handReplay(samples, finish: false)
    #expect(stable == hand.stable)
    #expect(lastTentative == hand.tentative)
  }

  @Test("an error thrown by the callback stops the replay")
  func callbackThrows() throws {
    struct Stop: Error {}
    var steps: [ReplayStep] = []
    #expect(throws: Stop.self) {
      try configured().replay(samples) { step, _ in
        steps.append(step)
        if step == .push(sampleIndex: 1) { throw Stop() }
      }
    }
    #expect(steps == [.push(sampleIndex: 0), .push(sampleIndex: 1)])
  }
}
