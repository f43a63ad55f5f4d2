/// A stroke-smoothing algorithm, run point by point the way a capture UI runs it.
///
/// Lifecycle: one fresh instance per stroke (`init(settings:)`), then `push` once per sample in
/// capture order, then `finish` once. Batch smoothing is the same path: push everything, then
/// finish (`smooth(_:settings:)`); `StrokeReplay` is the one loop that does this.
///
/// Contract (checked for every catalog entry by the contract suite in SigbenchTestSupport):
/// - `stable` output is final and never revised; `tentative` is the whole current tail;
/// - batch and streaming results are identical; output is deterministic and finite;
/// - a one-sample stroke gives visible ink; an empty stroke gives none;
/// - translating the input translates the output (within 1e-9).
///
/// Performance: implementations keep bounded state (fixed-size fields, no arrays that grow
/// with the stroke) and write only into the caller's `StrokeOutput`, so a push costs O(1)
/// and allocates nothing in steady state. Faithful ports of non-incremental sources document
/// their cost instead.
public protocol SmoothingStrategy: SendableMetatype {
  /// Options resolved and validated once from a `StrategyConfiguration`, shared by every
  /// instance of a run.
  associatedtype Settings: Sendable

  /// Id, summary and the declaration of every option (the single source of defaults).
  static var descriptor: StrategyDescriptor { get }

  /// Reads validated option values into typed settings. Called once per spec, not per
  /// stroke. Throws `StrategyError.invalidOption` for combinations the per-option ranges
  /// cannot express.
  static func settings(from configuration: StrategyConfiguration) throws -> Settings

  /// A fresh instance for one stroke. Must not fail and should not allocate.
  init(settings: Settings)

  /// Consumes one sample. `output` arrives cleared; append what became stable to
  /// `output.stable` and write the whole current tail to `output.tentative`.
  mutating func process(_ sample: Sample, into output: inout StrokeOutput)

  /// Ends the stroke. `output` arrives cleared; append everything that is still tentative,
  /// in its final form, to `output.stable`, leaving `output.tentative` empty.
  mutating func complete(into output: inout StrokeOutput)
}

extension SmoothingStrategy {
  /// Feeds one sample: clears `output`, then lets the strategy write this step's geometry.
  @inlinable public mutating func push(_ sample: Sample, into output: inout StrokeOutput) {
    output.clear()
    process(sample, into: &output)
  }

  /// Ends the stroke: clears `output`, then lets the strategy write its final geometry.
  @inlinable public mutating func finish(into output: inout StrokeOutput) {
    output.clear()
    complete(into: &output)
  }

  /// Batch smoothing: a fresh instance, every sample pushed, then finished (through
  /// `StrokeReplay`); returns the concatenated stable geometry.
  public static func smooth(_ samples: [Sample], settings: Settings) -> InkGeometry {
    var strategy = Self(settings: settings)
    return StrokeReplay.ink(&strategy, samples).stable
  }
}
