import Foundation

/// The gate's test-only knob: extra, known work after one strategy's `push`, so
/// `scripts/gate-selftest.sh` can prove that the gate detects a change of a given size.
///
/// Read only from the environment variable `SIGBENCH_INJECT`, never active by default, and
/// recorded in every result when active. Syntax: `ID_OR_LABEL:KIND=VALUE[,KIND=VALUE]` with
/// - `time=P`: P % more time per push, in every lane: after every batch-size window of pushes a
///   busy wait of P % of the time the window took, timed with the tick counter in the loop
///   itself (`InjectedWork`), so it tracks the process's speed and the machine's load instead of
///   relying on a calibrated spin count. The batched per-point figures rise by P %; the change
///   measured in the process before the timed passes is recorded with the figures
///   (`LaneFigures.injection`, `WaitCalibration`);
/// - `spin=N`: exactly N spin rounds per push; deterministic in instructions (each round is the
///   same five or so instructions), for the counter lane;
/// - `fail=STAGE`: every cell of the strategy fails at STAGE (`smoothing`, `picture` or
///   `quality`, as `StageFailure.Stage` names them) in `run`, so the per-cell failure rule
///   (recorded, shown, exit 3; `--strict` stops) can be shown on a built binary. Timing is not
///   changed.
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
  /// The stage whose cells fail (`StageFailure.Stage`'s raw value); `nil` when not asked.
  public var failStage: String?

  public init(strategy: String, timePercent: Double? = nil, spins: UInt64? = nil) {
    self.strategy = strategy
    self.timePercent = timePercent
    self.spins = spins
  }

  /// Parses the knob's text; throws with the reason on a malformed value.
  public static func parse(_ text: String) throws(BenchError) -> Injection {
    let bad = BenchError.invalidOption(
      "\(environmentVariable) must look like 'straight:time=20', 'straight:spin=12' or "
        + "'straight:fail=quality'; got '\(text)'"
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
      case "fail":
        guard StageFailure.Stage(rawValue: kv[1]) != nil else { throw bad }
        result.failStage = kv[1]
      default: throw bad
      }
    }
    guard result.timePercent != nil || result.spins != nil || result.failStage != nil else {
      throw bad
    }
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
