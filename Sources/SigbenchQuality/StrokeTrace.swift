import SigbenchCore

/// One stroke replayed through a strategy with `StrokeReplay` (push every sample, then
/// finish), recorded once for everything that needs it: the final ink (for pictures and
/// every metric), how much of it was stable after each call (ink latency, mid-stroke
/// pictures) and the tentative churn of every update.
///
/// Calls are numbered k = 0…n for n samples: call k < n is the push of sample k, call n is
/// the finish. The stable geometry after call k is a prefix of the final ink (stable output
/// is never revised, and the final ink is the concatenation of every call's stable part), so
/// the trace stores only three prefix lengths per call.
public struct StrokeTrace: Sendable {
  /// The tentative tail a caller asked to keep.
  public struct TentativeSnapshot: Sendable, Hashable {
    /// The push after which it was taken (0-based sample position).
    public var afterPush: Int
    public var tentative: InkGeometry
  }

  /// The replayed samples.
  public let samples: [Sample]
  /// The final ink: every call's stable output concatenated (what batch smoothing returns).
  public let ink: InkGeometry
  /// Centreline segments, outline elements and discs of `ink` that were stable after call k
  /// (n + 1 entries each).
  public let stableSegments: [Int]
  public let stableElements: [Int]
  public let stableDiscs: [Int]
  /// Bands of `ink` that were stable after call k.
  public let stableBands: [Int]
  /// Stamp runs of `ink` that were stable after call k.
  public let stableStamps: [Int]
  /// Tentative churn of every counted update, px (see `TentativeChurn`).
  public let churn: [Double]
  /// The tentative tail after the push asked for, if any.
  public let snapshot: TentativeSnapshot?
  /// Every pen prediction the strategy reported, with the push it came with (0-based sample
  /// position), in order; empty for strategies that do not predict.
  public let predictions: [(afterPush: Int, prediction: PenPrediction)]

  /// Replays `samples` through `strategy` (a fresh instance for this stroke), keeping the
  /// tentative tail after push `keepingTentativeAfterPush` when given.
  ///
  /// - Complexity: the strategy's own cost plus O(size of each call's output) per call.
  public init<S: SmoothingStrategy>(
    replaying samples: [Sample], through strategy: inout S,
    keepingTentativeAfterPush keep: Int? = nil
  ) {
    var churn = TentativeChurn()
    self.init(
      replaying: samples, through: &strategy, keepingTentativeAfterPush: keep, churn: &churn)
  }

  /// The same, measuring churn with `churn` (its buffers reused from an earlier stroke).
  init<S: SmoothingStrategy>(
    replaying samples: [Sample], through strategy: inout S, keepingTentativeAfterPush keep: Int?,
    churn: inout TentativeChurn
  ) {
    churn.startStroke()
    var ink = InkGeometry()
    var segments: [Int] = []
    var elements: [Int] = []
    var discs: [Int] = []
    var bands: [Int] = []
    var stamps: [Int] = []
    segments.reserveCapacity(samples.count + 1)
    elements.reserveCapacity(samples.count + 1)
    discs.reserveCapacity(samples.count + 1)
    bands.reserveCapacity(samples.count + 1)
    stamps.reserveCapacity(samples.count + 1)
    var snapshot: TentativeSnapshot?
    var predictions: [(afterPush: Int, prediction: PenPrediction)] = []
    var output = StrokeOutput()
    StrokeReplay.run(&strategy, samples, output: &output) { step, result in
      ink.append(contentsOf: result.stable)
      segments.append(ink.centerline.count)
      elements.append(ink.outline.count)
      discs.append(ink.discs.count)
      bands.append(ink.bands.count)
      stamps.append(ink.stamps.count)
      churn.record(result)
      if case .push(let i) = step {
        if i == keep { snapshot = TentativeSnapshot(afterPush: i, tentative: result.tentative) }
        if let p = result.prediction { predictions.append((i, p)) }
      }
    }
    self.samples = samples
    self.ink = ink
    self.stableSegments = segments
    self.stableElements = elements
    self.stableDiscs = discs
    self.stableBands = bands
    self.stableStamps = stamps
    self.churn = churn.values
    self.snapshot = snapshot
    self.predictions = predictions
  }

  /// Replays `samples` through a fresh instance of `strategy`.
  public init(
    replaying samples: [Sample], through strategy: ConfiguredStrategy,
    keepingTentativeAfterPush keep: Int? = nil
  ) {
    var instance = strategy.makeInstance()
    self.init(replaying: samples, through: &instance, keepingTentativeAfterPush: keep)
  }

  /// One trace per ink stroke of `drawing`, in order.
  public static func record(_ drawing: Drawing, through strategy: ConfiguredStrategy)
    -> [StrokeTrace]
  {
    var churn = TentativeChurn()
    return drawing.strokes.map {
      var instance = strategy.makeInstance()
      return StrokeTrace(
        replaying: $0.samples, through: &instance, keepingTentativeAfterPush: nil, churn: &churn)
    }
  }

  /// Calls recorded: n pushes and the finish.
  public var calls: Int { stableSegments.count }

  /// The stable ink after call `k` (0…n; n is the finish): a prefix of `ink`.
  public func stable(afterCall k: Int) -> InkGeometry {
    InkGeometry(
      centerline: InkArray(ink.centerline.prefix(stableSegments[k])),
      outline: InkArray(ink.outline.prefix(stableElements[k])),
      discs: InkArray(ink.discs.prefix(stableDiscs[k])),
      bands: InkArray(ink.bands.prefix(stableBands[k])),
      stamps: InkArray(ink.stamps.prefix(stableStamps[k])),
      outlineStrokeWidth: ink.outlineStrokeWidth)
  }

  /// True when something was stable after call `k`.
  func hasStableInk(afterCall k: Int) -> Bool {
    stableSegments[k] + stableElements[k] + stableDiscs[k] + stableBands[k] + stableStamps[k] > 0
  }
}
