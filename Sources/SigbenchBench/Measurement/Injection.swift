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
/// round). k is first estimated alone (fastest of five runs of 200,000 rounds); then, in the
/// lane itself after warm-up (both depend on the surrounding loop), five interleaved triples of
/// batched passes with 0, 1 and n rounds (n worth about 2·P % by the first estimate) give
/// c + k = median of T(1) − T(0) and k = median of (T(n) − T(1)) / (n − 1); drift cancels
/// within each triple. In-lane k is kept within 4× of the first estimate, and
/// s = max(1, round((P/100 · T₀ − c) / k)). On a noisy machine the result is approximate; the
/// spins used are recorded with the figures and the gate reports the measured ratio.
enum SpinCalibration {
  static func spins(for percent: Double, _ driver: inout LaneDriver, batch: Int) -> UInt64 {
    let fixed = driver.spins
    func cost(_ extra: UInt64) -> Double {
      driver.spins = fixed + extra
      let pass = driver.batchedPass(batch: batch)
      return Bootstrap.median(pass.perPoint)
        ?? (pass.points > 0 ? pass.ns / Double(pass.points) : 0)
    }
    let alone = nanosecondsPerRound()
    let t0 = Bootstrap.median((0..<3).map { _ in cost(0) }) ?? 0
    let target = percent / 100 * t0
    let probe = UInt64(max(2, (2 * target / alone).rounded()))
    var base: [Double] = []
    var call: [Double] = []
    var slope: [Double] = []
    for _ in 0..<5 {
      let a = cost(0)
      let b = cost(1)
      let d = cost(probe)
      base.append(a)
      call.append(b - a)
      slope.append((d - b) / Double(probe - 1))
    }
    driver.spins = fixed
    let k = min(max(Bootstrap.median(slope) ?? alone, alone / 4), alone * 4)
    let c = max(0, (Bootstrap.median(call) ?? 0) - k)
    let t = Bootstrap.median(base) ?? t0
    let rounds = ((percent / 100 * t - c) / k).rounded()
    return UInt64(min(max(1, rounds), 8 * Double(probe)))
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
