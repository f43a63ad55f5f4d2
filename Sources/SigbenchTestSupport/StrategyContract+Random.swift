@_exported import SigbenchContract
import SigbenchCore

extension StrategyContract {
  /// A random valid spec for `entry`: every option drawn from its declared domain. Draws again
  /// (up to 20 times) when the strategy rejects a combination, then falls back to defaults.
  public static func randomConfiguration(_ entry: StrategyEntry, rng: inout SplitMix64)
    -> ConfiguredStrategy
  {
    for _ in 0..<20 {
      var options: [StrategySpec.Option] = []
      for p in entry.descriptor.parameters where rng.int(in: 0...3) > 0 {
        options.append(.init(name: p.name, value: randomValue(p, rng: &rng)))
      }
      if let c = try? entry.configure(StrategySpec(id: entry.descriptor.id, options: options)) {
        return c
      }
    }
    return try! entry.configure(StrategySpec(id: entry.descriptor.id))
  }

  /// A random valid value of `p`, as spec text.
  public static func randomValue(_ p: ParameterInfo, rng: inout SplitMix64) -> String {
    switch p.domain {
    case .number(let lo, _, let hi, _):
      // Mostly the lower part of the range, where typical values live.
      let u = rng.double(in: 0...1)
      var v = lo + (hi - lo) * u * u * u
      if v <= lo || v >= hi { v = lo + (hi - lo) / 2 }
      return String(v)
    case .integer(let r):
      return String(rng.int(in: r))
    case .choice(let values):
      return values[rng.int(in: 0...(values.count - 1))]
    }
  }
}
