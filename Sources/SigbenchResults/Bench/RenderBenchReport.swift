/// `render-bench.json`: the renderer's timings through the closure harness (one-shot renders,
/// PNG encoders, the incremental canvas per update) and the summary lines `render-bench`
/// printed.
public struct RenderBenchReport: Codable, Hashable, Sendable {
  public var context: TimingContext
  /// The strategy that produced the geometry.
  public var strategy: String
  /// The one-shot drawing and the incremental corpus.
  public var file: String
  public var corpus: String
  /// Every timing, in the order measured, ns per run (repeated) or per update (series).
  public var timings: [ClosureTiming]
  /// What the command printed.
  public var lines: [String]

  public init(
    context: TimingContext, strategy: String, file: String, corpus: String,
    timings: [ClosureTiming], lines: [String]
  ) {
    self.context = context
    self.strategy = strategy
    self.file = file
    self.corpus = corpus
    self.timings = timings
    self.lines = lines
  }
}
