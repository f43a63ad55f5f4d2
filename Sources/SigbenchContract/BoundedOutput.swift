import SigbenchCore

/// The output half of the cost contract for incremental strategies
/// (`StrategyCost.incremental`): once a stroke is under way, the output of one push does not
/// grow with the stroke.
///
/// The rule: the largest output of one push (stable plus tentative centreline segments,
/// outline elements, discs, bands and stamp runs) in the second half of a long stroke is at
/// most 1.5 × that of the first half after the warm-up, plus 8. Work per push at least follows
/// its output, so a strategy that redraws a growing tail or the whole stroke fails here.
/// (The other half, no heap allocation per push, needs the test executable's allocation
/// counter: `SteadyStateContract` in the test support checks both.)
public enum BoundedOutput {
  /// Items in `output` (stable and tentative), as the rule counts them.
  @inlinable public static func items(_ output: StrokeOutput) -> Int {
    items(output.stable) + items(output.tentative)
  }

  /// Items in one geometry.
  @inlinable public static func items(_ g: InkGeometry) -> Int {
    g.centerline.count + g.outline.count + g.discs.count + g.bands.count + g.stamps.count
  }

  /// The rule's verdict on the largest outputs of the two halves: a failure in words, or nil.
  public static func failure(label: String, firstHalfMax: Int, secondHalfMax: Int) -> String? {
    guard Double(secondHalfMax) > 1.5 * Double(firstHalfMax) + 8 else { return nil }
    return "\(label): output per push grows with the stroke (largest \(firstHalfMax) items in "
      + "the first half, \(secondHalfMax) in the second)"
  }

  /// Pushes `samples` through a fresh instance (one `StrokeOutput` reused) and applies the
  /// rule after `warmUp` pushes; failures in words, empty when it holds.
  public static func check(_ strategy: ConfiguredStrategy, _ samples: [Sample], warmUp: Int = 200)
    -> [String]
  {
    precondition(samples.count >= 2 * warmUp + 100, "the stroke must be long")
    var instance = strategy.makeInstance()
    var output = StrokeOutput()
    let half = (warmUp + samples.count) / 2
    var firstMax = 0
    var secondMax = 0
    for (i, s) in samples.enumerated() {
      instance.push(s, into: &output)
      guard i >= warmUp else { continue }
      let size = items(output)
      if i < half { firstMax = max(firstMax, size) } else { secondMax = max(secondMax, size) }
    }
    instance.finish(into: &output)
    return failure(label: strategy.label, firstHalfMax: firstMax, secondHalfMax: secondMax)
      .map { [$0] } ?? []
  }
}
