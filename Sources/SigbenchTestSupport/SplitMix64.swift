/// A small, seedable random generator (SplitMix64) for reproducible property tests.
///
/// Property tests take their seed from `SIGBENCH_SEED` when set, otherwise a fixed default,
/// and print it on failure so a run can be replayed.
public struct SplitMix64: RandomNumberGenerator, Sendable {
  public private(set) var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A uniform double in `range`.
  public mutating func double(in range: ClosedRange<Double>) -> Double {
    Double.random(in: range, using: &self)
  }

  /// A uniform integer in `range`.
  public mutating func int(in range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &self)
  }
}

/// The seed for property tests: `SIGBENCH_SEED` from the environment, else `fallback`.
public func propertySeed(fallback: UInt64 = 0x5167_BE4C) -> UInt64 {
  if let text = getenvString("SIGBENCH_SEED"), let v = UInt64(text) { return v }
  return fallback
}
