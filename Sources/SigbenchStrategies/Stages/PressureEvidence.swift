import SigbenchCore

/// `PressureCredibility`'s rule judged online, sample by sample, in O(1) memory, so a strategy
/// can choose between pressure and a fallback width before it draws stable ink.
///
/// The channel is credible once at least `PressureCredibility.minimumSamples` (8) samples have
/// been seen, every one of them with a finite pressure, their range is at least
/// `PressureCredibility.minimumRange` (0.02), and the value changed between consecutive
/// samples at least min(7, ⌊n/2⌋) times. Changes stand in for distinct levels (one more than
/// the changes is an upper bound on the levels, which a constant value, a mouse's 0.5 with a
/// 0 at release, or a coarse 8-level proxy cannot reach), and keep the memory constant.
///
/// - Complexity: O(1) per sample, no allocation.
struct PressureEvidence: Sendable {
  private var samples = 0
  private var missing = false
  private var low = Double.infinity
  private var high = -Double.infinity
  private var changes = 0
  private var previous: Double?

  mutating func observe(_ pressure: Double?) {
    samples += 1
    guard let p = pressure, p.isFinite else {
      missing = true
      return
    }
    low = min(low, p)
    high = max(high, p)
    if let q = previous, q != p { changes += 1 }
    previous = p
  }

  /// Enough samples to judge.
  var isDecidable: Bool { samples >= PressureCredibility.minimumSamples || missing }

  var isCredible: Bool {
    samples >= PressureCredibility.minimumSamples && !missing
      && high - low >= PressureCredibility.minimumRange
      && changes >= min(PressureCredibility.maximumRequiredLevels - 1, samples / 2)
  }
}
