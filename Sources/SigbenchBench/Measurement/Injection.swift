import Foundation

/// The gate's test-only knob (issue 6, item 13): extra, known work after one strategy's `push`,
/// so `scripts/gate-selftest.sh` can prove that the gate detects a change of a given size.
///
/// Read only from the environment variable `SIGBENCH_INJECT`, never active by default, and
/// recorded in every result when active. Syntax: `ID_OR_LABEL:KIND=VALUE[,KIND=VALUE]` with
/// - `time=P`: P % more time per push, in every lane: after warm-up the bench measures the
///   strategy's own batched per-point median T in that lane and spins ⌊P/100 · T / s⌋ rounds,
///   s the calibrated ns per spin round (`SpinCalibration`);
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

/// How long one `cshim_spin` round takes here, measured once per process (the fastest of a
/// few timed runs of 200,000 rounds, so preemption does not inflate it).
public enum SpinCalibration {
  public static func nanosecondsPerRound() -> Double {
    var best = Double.infinity
    let rounds: UInt64 = 200_000
    for _ in 0..<5 {
      let t0 = MonotonicClock.now()
      Spin.run(rounds)
      let t1 = MonotonicClock.now()
      best = min(best, Double(t1 &- t0) / Double(rounds))
    }
    return best
  }
}
