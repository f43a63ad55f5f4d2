import CShim
import Foundation

/// The gate's test-only knob (issue 6, item 13): extra, known work after one strategy's `push`,
/// so `scripts/gate-selftest.sh` can prove that the gate detects a change of a given size.
///
/// Read only from the environment variable `SIGBENCH_INJECT`, never active by default, and
/// recorded in every result when active. Syntax: `ID_OR_LABEL:KIND=VALUE[,KIND=VALUE]` with
/// - `time=P`: P % more time per push, in every lane: after warm-up the bench calibrates, in
///   that lane, how many spin rounds add P % to the strategy's own batched per-point median
///   (`SpinCalibration`);
/// - `spin=N`: exactly N spin rounds per push; deterministic in instructions (each round is the
///   same five or so instructions), for the counter lane.
///
/// The gate removes the variable from the environment of `--base-binary` workers: only the
/// head build is ever injected.
public struct Injection: Codable, Hashable, Sendable {
  public static let environmentVariable = "SIGBENCH_INJECT"

  /// Strategy id or canonical label that gets the extra work.
  public var strategy: String
  /// Extra time per push, percent of the strategy's own cost; `nil` when not asked.
  public var timePercent: Double?
  /// Fixed spin rounds per push; `nil` when not asked.
  public var spins: UInt64?

  public init(strategy: String, timePercent: Double? = nil, spins: UInt64? = nil) {
    self.strategy = strategy
    self.timePercent = timePercent
    self.spins = spins
  }

  /// Parses the knob's text; throws with the reason on a malformed value.
  public static func parse(_ text: String) throws(BenchError) -> Injection {
    let bad = BenchError.invalidOption(
      "\(environmentVariable) must look like 'straight:time=20' or 'straight:spin=12'; got '\(text)'"
    )
    guard let colon = text.lastIndex(of: ":") else { throw bad }
    let target = String(text[..<colon])
    guard !target.isEmpty else { throw bad }
    var result = Injection(strategy: target)
    for part in text[text.index(after: colon)...].split(separator: ",") {
      let kv = part.split(separator: "=", maxSplits: 1).map(String.init)
      guard kv.count == 2 else { throw bad }
      switch kv[0] {
      case "time":
        guard let v = Double(kv[1]), v.isFinite, v > 0, v <= 1000 else { throw bad }
        result.timePercent = v
      case "spin":
        guard let v = UInt64(kv[1]), v > 0, v <= 100_000_000 else { throw bad }
        result.spins = v
      default: throw bad
      }
    }
    guard result.timePercent != nil || result.spins != nil else { throw bad }
    return result
  }

  /// The knob from the environment, if set.
  public static func fromEnvironment() throws(BenchError) -> Injection? {
    guard let text = ProcessInfo.processInfo.environment[environmentVariable], !text.isEmpty
    else { return nil }
    return try parse(text)
  }

  /// Whether this injection targets a strategy with `id` and `label`.
  public func targets(id: String, label: String) -> Bool {
    strategy == label || strategy == id
  }
}

/// Finds, in place, how many spin rounds make one strategy's push P % slower in one lane.
///
/// The cost of injected work is T(s) = T₀ + c + k·s for s > 0 rounds (c: the call, k: one
/// round). k is first estimated alone (fastest of five runs of 200,000 rounds), then measured
/// in the lane itself after warm-up, because both depend on the surrounding loop: T₀ with no
/// rounds, T(1), and T(n) with n rounds worth about P % by the first estimate, each the median
/// of three batched passes' medians. In-lane k is kept within 4× of the first estimate, and
/// s = max(1, round((P/100 · T₀ − c) / k)), at most 4n. On a noisy machine the result is
/// approximate; the spins used are recorded with the figures and the gate reports the
/// measured head/base ratio.
enum SpinCalibration {
  static func spins(for percent: Double, _ driver: inout LaneDriver, batch: Int) -> UInt64 {
    let fixed = driver.spins
    func cost(_ extra: UInt64) -> Double {
      driver.spins = fixed + extra
      var medians: [Double] = []
      for _ in 0..<3 {
        let pass = driver.batchedPass(batch: batch)
        medians.append(
          Bootstrap.median(pass.perPoint) ?? (pass.points > 0 ? pass.ns / Double(pass.points) : 0))
      }
      return Bootstrap.median(medians) ?? 0
    }
    let alone = nanosecondsPerRound()
    let t0 = cost(0)
    let t1 = cost(1)
    let target = percent / 100 * t0
    let probe = UInt64(max(2, (target / alone).rounded()))
    let tp = cost(probe)
    driver.spins = fixed
    let k = min(max((tp - t1) / Double(probe - 1), alone / 4), alone * 4)
    let c = max(0, t1 - t0 - k)
    let rounds = min(max(1, ((target - c) / k).rounded()), 4 * Double(probe))
    return UInt64(rounds)
  }

  /// ns per `cshim_spin` round, alone: the fastest of five timed runs of 200,000 rounds.
  static func nanosecondsPerRound() -> Double {
    var best = Double.infinity
    for _ in 0..<5 {
      let t0 = MonotonicClock.now()
      cshim_spin(200_000)
      let t1 = MonotonicClock.now()
      best = min(best, Double(t1 &- t0) / 200_000)
    }
    return max(best, 0.01)
  }
}
