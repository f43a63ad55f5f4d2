/// SplitMix64 (Steele, Lea and Flood 2014): a small, seedable random generator, so property
/// tests, bootstrap intervals and worker orders can all be replayed from their seed.
///
/// - Complexity: O(1) per number, no allocation.
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

  /// A uniform index in 0..<count (count > 0), by the multiply-high method.
  public mutating func index(_ count: Int) -> Int {
    Int(next().multipliedFullWidth(by: UInt64(count)).high)
  }
}
