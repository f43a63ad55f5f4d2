import SigbenchCore

/// Random deviates from `SplitMix64` with a fixed recipe, so the same seed gives the same
/// numbers on every platform and Swift version (the standard library's `Double.random(in:)` is
/// not specified to stay the same across versions).
extension SplitMix64 {
  /// A uniform double in [0, 1): the top 53 bits of one 64-bit draw times 2⁻⁵³.
  public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

  /// A uniform double in `range` (one draw).
  public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
    range.lowerBound + (range.upperBound - range.lowerBound) * unit()
  }

  /// A uniform pick from `range` (one draw).
  public mutating func pick(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + index(range.count)
  }

  /// True with probability `p` (one draw).
  public mutating func chance(_ p: Double) -> Bool { unit() < p }

  /// Two independent standard normal deviates by Marsaglia's polar method (Marsaglia and Bray,
  /// "A convenient method for generating normal variables", SIAM Review 6, 1964): pairs of
  /// uniforms in the unit disc, 4/π ≈ 1.27 pairs per result on average.
  public mutating func normalPair() -> (Double, Double) {
    while true {
      let u = 2 * unit() - 1
      let v = 2 * unit() - 1
      let s = u * u + v * v
      if s > 0 && s < 1 {
        let f = (-2 * Elementary.log(s) / s).squareRoot()
        return (u * f, v * f)
      }
    }
  }
}
