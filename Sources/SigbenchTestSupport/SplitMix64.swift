@_exported import struct SigbenchCore.SplitMix64

/// The seed for property tests: `SIGBENCH_SEED` from the environment, else `fallback`. Tests
/// print it on failure so a run can be replayed with the same generator (`SplitMix64`, Core).
public func propertySeed(fallback: UInt64 = 0x5167_BE4C) -> UInt64 {
  if let text = getenvString("SIGBENCH_SEED"), let v = UInt64(text) { return v }
  return fallback
}
