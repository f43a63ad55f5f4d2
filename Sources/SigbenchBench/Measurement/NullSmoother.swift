import SigbenchCore

/// A smoother that does no work: it accepts every sample and draws nothing. Timed through the
/// same driver as the strategies (`PointBenchmark`, `smooth` lane), it gives the benchmark's
/// floor (`HarnessFloor`): the part of every per-point figure that is the harness — clock
/// reads, the driver's loop, the output's reset, the call into the strategy — and not the
/// strategy. A figure minus the floor is what the strategy itself costs in that lane.
///
/// Not in the strategy catalog: it is a measuring device, not ink.
///
/// - Complexity: O(1) per sample; nothing stored, nothing allocated.
struct NullSmoother: SmoothingStrategy {
  struct Settings: Sendable {}

  static let descriptor = StrategyDescriptor(
    id: "null", summary: "Accepts every sample and draws nothing (the benchmark's floor).",
    details: "Measures the harness: clock reads, driver loop, output reset, strategy call.",
    parameters: [])

  static func settings(from configuration: StrategyConfiguration) throws -> Settings {
    Settings()
  }

  init(settings: Settings) {}

  mutating func process(_ sample: Sample, into output: inout StrokeOutput) {}

  mutating func complete(into output: inout StrokeOutput) {}

  /// The null smoother as the benchmark runs strategies.
  static var configured: ConfiguredStrategy {
    // No parameters, so no option can be invalid.
    let configuration = try! StrategyConfiguration(descriptor: descriptor, options: [])
    return ConfiguredStrategy(configuration: configuration) { NullSmoother(settings: Settings()) }
  }
}
