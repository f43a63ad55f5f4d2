/// What `sigbench tune` found: the best configuration's spec and metric value, the evaluations
/// spent, the searched options and the path taken (`--json` prints it).
public struct TuneOutcome: Codable, Hashable, Sendable {
  /// One searched option: its bounds, spacing and where they come from.
  public struct Dimension: Codable, Hashable, Sendable {
    public var option: String
    public var low: Double
    public var high: Double
    /// "log" or "linear".
    public var spacing: String
    public var source: String
    public init(option: String, low: Double, high: Double, spacing: String, source: String) {
      self.option = option
      self.low = low
      self.high = high
      self.spacing = spacing
      self.source = source
    }
  }

  /// One point of the path: the start, then each move to a better configuration.
  public struct Move: Codable, Hashable, Sendable {
    /// The configuration's label (its spec).
    public var spec: String
    /// The metric's value; nil when n/a or over the latency bound.
    public var value: Double?
    /// Evaluations spent when it was reached.
    public var evaluations: Int
    /// The step that reached it, a fraction of each option's range (0 for the start).
    public var step: Double
    public init(spec: String, value: Double?, evaluations: Int, step: Double) {
      self.spec = spec
      self.value = value
      self.evaluations = evaluations
      self.step = step
    }
  }

  /// The spec as given.
  public var spec: String
  /// The best configuration, a spec ready to copy.
  public var best: String
  /// The metric's id, its unit and which way is better.
  public var metric: String
  public var unit: String
  public var direction: String
  /// The best configuration's value (nil when no configuration had one).
  public var value: Double?
  public var evaluations: Int
  public var budget: Int
  public var seed: UInt64
  /// The search method and its source.
  public var method: String
  /// Why it stopped: "converged" or "budget".
  public var stop: String
  public var dimensions: [Dimension]
  public var path: [Move]
  /// The latency bound (ns, smooth lane, batched p50), when given: the result then depends on
  /// timing and is not deterministic for the seed.
  public var maxP50: Double?
  /// Corpus folder and drawings measured.
  public var corpus: String
  public var drawings: Int

  public init(
    spec: String, best: String, metric: String, unit: String, direction: String, value: Double?,
    evaluations: Int, budget: Int, seed: UInt64, method: String, stop: String,
    dimensions: [Dimension], path: [Move], maxP50: Double?, corpus: String, drawings: Int
  ) {
    self.spec = spec
    self.best = best
    self.metric = metric
    self.unit = unit
    self.direction = direction
    self.value = value
    self.evaluations = evaluations
    self.budget = budget
    self.seed = seed
    self.method = method
    self.stop = stop
    self.dimensions = dimensions
    self.path = path
    self.maxP50 = maxP50
    self.corpus = corpus
    self.drawings = drawings
  }
}
