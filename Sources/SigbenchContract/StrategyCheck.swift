import SigbenchCore

/// The contract suite against one configured strategy, built-in or external, as
/// `sigbench strategies --check ID` runs it: each rule of `StrategyContract` (and
/// `BoundedOutput` for incremental strategies) over fixed strokes and seeded random ones, with
/// the first failing stroke of each rule. A failed call of an external strategy (a crash, a
/// hang, a broken reply) fails the rule it happened in, with its message.
///
/// Seeded (`seed`, printed with the outcome), so a failure replays. The tentative tail is not
/// required to preview the finish here (a strategy may predict the pen instead): that rule of
/// the test suite is a property of sigbench's own strategies, not of the contract.
///
/// - Complexity: about `strokes` × (n² / 2 + 6n) calls for strokes of n ≤ 24 samples, plus
///   2,000 pushes for the bounded-output rule: some 15,000 calls with the defaults.
public struct StrategyCheck: Sendable {
  /// The generator's seed.
  public var seed: UInt64 = 0x5167_BE4C
  /// Random strokes checked (0–24 samples each, awkward steps and turns), after the fixed ones.
  public var strokes = 40
  /// Translation tolerance, px.
  public var tolerance = 1e-9

  public init() {}

  /// Strokes whose replay fails (a call failed) after which no more are replayed: each may
  /// have cost a timeout, and the check has its answer.
  public static let failedReplayLimit = 3

  /// The rules' names, in order.
  public static let rules = [
    "an empty stroke gives no ink",
    "a one-sample stroke gives visible, finite ink",
    "output is finite, and nothing is tentative after finish",
    "output is deterministic",
    "batch smoothing equals streaming",
    "stable output is never revised",
    "translating the input translates the ink (within 1e-9 px)",
    "output per push does not grow with the stroke (incremental strategies)",
  ]

  /// Every rule's outcome for `strategy`.
  public func run(_ strategy: ConfiguredStrategy) -> [ContractRuleOutcome] {
    var outcomes = Self.rules.map { ContractRuleOutcome(rule: $0, status: .passed, strokes: 0) }
    func attempt(_ k: Int, _ stroke: [Sample], _ body: () -> [String]) {
      guard outcomes[k].status == .passed else { return }
      outcomes[k].strokes += 1
      let failures: [String]
      do {
        failures = try strategy.watchingCalls(body)
      } catch {
        failures = ["its calls failed: \(error)"]
      }
      if let first = failures.first {
        outcomes[k].status = .failed
        outcomes[k].reason = first
        outcomes[k].stroke = stroke
      }
    }
    attempt(0, []) { StrategyContract.checkEmpty(strategy) }
    for s in [Sample(x: 12.5, y: -3), Sample(x: 1e6, y: 1e6, time: 0, pressure: 0)] {
      attempt(1, [s]) { StrategyContract.checkSingle(strategy, s) }
    }
    var rng = SplitMix64(seed: seed)
    var replayFailure: String?
    var failedReplays = 0
    for _ in 0..<strokes where failedReplays < Self.failedReplayLimit {
      let samples = StrokeGenerator.random(count: rng.int(in: 0...24), rng: &rng)
      let offset = StrokeGenerator.randomOffset(range: 3000, rng: &rng)
      // The stroke's trace, whatever rules already failed: the other rules need it. A stroke
      // whose replay fails (a call failed) fails the finite-output rule and is not judged by
      // the others.
      let trace: StrategyContract.Trace
      do {
        trace = try strategy.watchingCalls { StrategyContract.run(strategy, samples) }
      } catch {
        replayFailure = replayFailure ?? "its calls failed: \(error)"
        failedReplays += 1
        attempt(2, samples) { ["its calls failed: \(error)"] }
        continue
      }
      attempt(2, samples) { StrategyContract.checkFinite(strategy, trace) }
      attempt(3, samples) { StrategyContract.checkDeterministic(strategy, samples, trace) }
      attempt(4, samples) { StrategyContract.checkBatch(strategy, samples, trace) }
      attempt(5, samples) {
        StrategyContract.checkStableFinal(strategy, samples, trace, tentativePreviewsFinish: false)
      }
      attempt(6, samples) {
        StrategyContract.checkTranslation(
          strategy, samples, trace, offset: offset, tolerance: tolerance)
      }
    }
    // A rule no stroke reached is not checked, not passed.
    for k in 3...6 where outcomes[k].status == .passed && outcomes[k].strokes == 0 {
      outcomes[k].status = .notChecked
      outcomes[k].reason =
        "no stroke could be replayed to judge it (\(replayFailure ?? "no strokes were drawn"))"
    }
    if strategy.cost.isIncremental {
      let long = StrokeGenerator.longStroke(seed: seed)
      attempt(7, long) { BoundedOutput.check(strategy, long) }
    } else {
      outcomes[7].status = .notApplicable
      outcomes[7].reason = "declared \(strategy.cost.rawValue): its cost grows with the stroke"
    }
    return outcomes
  }
}
