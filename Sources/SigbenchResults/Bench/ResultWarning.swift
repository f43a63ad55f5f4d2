/// A warning about a result's figures, typed so presenters group and filter by kind instead of
/// matching sentences. `text` is the full sentence shown to people.
///
/// Encoded as `{"kind": …, "strategy": …, "lane": …, "text": …}`. Files written before warnings
/// were typed hold plain strings; those decode with the kind recovered from the sentence
/// (`init(legacy:)`), the only place a warning's wording is read.
public struct ResultWarning: Codable, Hashable, Sendable {
  public enum Kind: String, Codable, Hashable, Sendable, CaseIterable {
    /// Figures from a debug build: not representative.
    case debugBuild = "debug-build"
    /// The test-only injection knob was active.
    case injection
    /// A percentile rests on fewer than 10 observations beyond it.
    case thinPercentiles = "thin-percentiles"
    /// Warm-up did not settle within its tolerance.
    case warmupUnsettled = "warmup-unsettled"
    /// Single-point figures are close to the timer; the batched figure is the precise one.
    case timerBound = "timer-bound"
    /// A point took longer than a 240 Hz sample period.
    case wouldDropSample = "would-drop-sample"
    /// The callgrind counters could not be measured.
    case countersUnavailable = "counters-unavailable"
    /// Counters of a debug build: malloc's instruction count follows the heap's history.
    case debugCounters = "debug-counters"
    /// A gate's noise floor was asked for but not used.
    case noiseFloorUnused = "noise-floor-unused"
    /// Strategies measured on one side of a gate only.
    case oneSided = "one-sided"
    /// Over the ink budget, reported only (`--budget-report-only`).
    case budgetReportOnly = "budget-report-only"
    /// The processes of one run ran at different speeds (their floors differ): the machine.
    case unevenProcesses = "uneven-processes"
    /// Anything else (also legacy sentences that match no kind).
    case other

    /// Routine notes a sheet may fold away (many per run, expected on small corpora).
    public var isRoutine: Bool { self == .thinPercentiles || self == .timerBound }
  }

  public var kind: Kind
  /// The strategy label the warning is about, if any.
  public var strategy: String?
  /// The lane the warning is about, if any.
  public var lane: BenchLane?
  public var text: String

  public init(_ kind: Kind, strategy: String? = nil, lane: BenchLane? = nil, text: String) {
    self.kind = kind
    self.strategy = strategy
    self.lane = lane
    self.text = text
  }

  /// A warning read from a file that stored warnings as sentences.
  public init(legacy text: String) {
    self.text = text
    let rules: [(Kind, (String) -> Bool)] = [
      (.debugCounters, { $0.hasPrefix("debug build: pushes allocate") }),
      (.debugBuild, { $0.hasPrefix("debug build") }),
      (.injection, { $0.hasPrefix("test-only injection") }),
      (.thinPercentiles, { $0.contains("rest on fewer than") }),
      (.warmupUnsettled, { $0.contains("warm-up did not settle") }),
      (.timerBound, { $0.contains("close to the timer") }),
      (.wouldDropSample, { $0.contains("would drop a sample") }),
      (.countersUnavailable, { $0.hasPrefix("counters unavailable") }),
      (.noiseFloorUnused, { $0.hasPrefix("noise floor") }),
      (.oneSided, { $0.hasPrefix("strategies on one side") }),
      (.budgetReportOnly, { $0.hasPrefix("over budget (reported only") }),
    ]
    kind = rules.first { $0.1(text) }?.0 ?? .other
    // Per-figure sentences start with "LABEL [LANE]".
    if let open = text.firstIndex(of: "["), let close = text[open...].firstIndex(of: "]"),
      open > text.startIndex,
      let lane = BenchLane(rawValue: String(text[text.index(after: open)..<close]))
    {
      self.lane = lane
      strategy = String(text[..<open]).trimmedSpaces()
    }
  }

  enum CodingKeys: String, CodingKey { case kind, strategy, lane, text }

  public init(from decoder: any Decoder) throws {
    if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self)
    {
      self.init(legacy: text)
      return
    }
    let c = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      (try? c.decode(Kind.self, forKey: .kind)) ?? .other,
      strategy: try c.decodeIfPresent(String.self, forKey: .strategy),
      lane: try c.decodeIfPresent(BenchLane.self, forKey: .lane),
      text: try c.decode(String.self, forKey: .text))
  }

  public func encode(to encoder: any Encoder) throws {
    var c = encoder.container(keyedBy: CodingKeys.self)
    try c.encode(kind, forKey: .kind)
    try c.encodeIfPresent(strategy, forKey: .strategy)
    try c.encodeIfPresent(lane, forKey: .lane)
    try c.encode(text, forKey: .text)
  }
}

extension String {
  fileprivate func trimmedSpaces() -> String {
    var s = Substring(self)
    while s.first == " " { s = s.dropFirst() }
    while s.last == " " { s = s.dropLast() }
    return String(s)
  }
}
