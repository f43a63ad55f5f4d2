import Foundation

/// A stored baseline: `Reports/baselines/NAME.json`.
///
/// Holds what a later gate compares against: per-process replicates of the gate metrics, the
/// counters, the budgets' inputs, and the fingerprints that decide compatibility. The commit in
/// `provenance` differs from the head's by design.
public struct Baseline: Codable, Hashable, Sendable {
  public static let currentSchemaVersion = 1

  public var schemaVersion: Int = Baseline.currentSchemaVersion
  public var name: String
  public var createdAt: String
  public var tool: String
  public var machine: MachineFingerprint
  public var provenance: Provenance
  public var corpus: BenchCorpusInfo
  public var timer: TimerCalibration
  public var processes: Int
  public var strategies: [String]
  public var lanes: [BenchLane]
  public var replicates: [ReplicateSet]
  public var counters: [CounterFigures]
  public var counterRun: CounterRunInfo
  /// Known regressions accepted with a reason (`sigbench baseline ack`).
  public var acknowledgements: [Acknowledgement]
  /// Quality figures per strategy label over the baseline's corpus (`nil` in baselines saved
  /// before quality was gated). Compared whenever the corpus checksum matches, on any machine.
  public var quality: [String: QualityFigures]?
  /// Set when the test-only knob was active while saving (such a baseline is for self-tests).
  public var injection: Injection?

  public init(
    name: String, createdAt: String, tool: String, machine: MachineFingerprint,
    provenance: Provenance, corpus: BenchCorpusInfo, timer: TimerCalibration, processes: Int,
    strategies: [String], lanes: [BenchLane], replicates: [ReplicateSet],
    counters: [CounterFigures], counterRun: CounterRunInfo, acknowledgements: [Acknowledgement],
    injection: Injection?
  ) {
    self.name = name
    self.createdAt = createdAt
    self.tool = tool
    self.machine = machine
    self.provenance = provenance
    self.corpus = corpus
    self.timer = timer
    self.processes = processes
    self.strategies = strategies
    self.lanes = lanes
    self.replicates = replicates
    self.counters = counters
    self.counterRun = counterRun
    self.acknowledgements = acknowledgements
    self.injection = injection
  }

  /// Names are file-name safe: letters, digits, `.`, `_`, `-`; 1–64 characters; no leading dot.
  public static func isValidName(_ name: String) -> Bool {
    guard (1...64).contains(name.count), !name.hasPrefix(".") else { return false }
    return name.unicodeScalars.allSatisfy {
      $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0))
    }
  }

  public func encoded() throws -> Data { try ResultJSON.encode(self) }

  public static func decode(_ data: Data) throws -> Baseline {
    try JSONDecoder().decode(Baseline.self, from: data)
  }

  /// Why timing cannot be compared against this baseline (`nil` when it can): a timing
  /// verdict needs the same machine fingerprint and the same corpus checksum.
  public func timingIncompatibility(machine m: MachineFingerprint, corpusChecksum: String)
    -> String?
  {
    var why: [String] = []
    if machine != m { why.append("machine fingerprint differs (\(Baseline.diff(machine, m)))") }
    if corpus.checksum != corpusChecksum {
      why.append("corpus checksum differs (\(corpus.checksum) vs \(corpusChecksum))")
    }
    return why.isEmpty ? nil : why.joined(separator: "; ")
  }

  /// Why counters cannot be compared (`nil` when they can): same CPU model, toolchain and build
  /// configuration, and the same workload (corpus checksum and counter subset).
  public func counterIncompatibility(
    machine m: MachineFingerprint, corpusChecksum: String, run: CounterRunInfo
  ) -> String? {
    var why: [String] = []
    if machine.cpuModel != m.cpuModel { why.append("CPU model differs") }
    if machine.toolchain != m.toolchain { why.append("toolchain differs") }
    if machine.buildConfiguration != m.buildConfiguration {
      why.append("build configuration differs")
    }
    if corpus.checksum != corpusChecksum { why.append("corpus checksum differs") }
    if counterRun.subsetPoints != run.subsetPoints || counterRun.startPoints != run.startPoints {
      why.append("counter subset differs")
    }
    if counterRun.layouts != run.layouts {
      why.append(
        "counted at layouts \(counterRun.layouts ?? [0]) vs \(run.layouts ?? [0]) "
          + "(refresh the baseline: sigbench baseline save NAME)")
    }
    return why.isEmpty ? nil : why.joined(separator: "; ")
  }

  static func diff(_ a: MachineFingerprint, _ b: MachineFingerprint) -> String {
    var d: [String] = []
    if a.cpuModel != b.cpuModel { d.append("CPU '\(a.cpuModel)' vs '\(b.cpuModel)'") }
    if a.cores != b.cores { d.append("cores \(a.cores) vs \(b.cores)") }
    if a.os != b.os { d.append("OS '\(a.os)' vs '\(b.os)'") }
    if a.toolchain != b.toolchain { d.append("toolchain '\(a.toolchain)' vs '\(b.toolchain)'") }
    if a.buildConfiguration != b.buildConfiguration {
      d.append("build \(a.buildConfiguration) vs \(b.buildConfiguration)")
    }
    return d.joined(separator: ", ")
  }
}

/// A regression accepted on purpose, with the reason (shown in every gate report).
public struct Acknowledgement: Codable, Hashable, Sendable {
  /// Strategy label or id.
  public var strategy: String
  /// Lane, or `nil` for every lane.
  public var lane: BenchLane?
  /// Metric (`batch-p50`, `p99`, `instructions/point`, `steady allocations`…), or `nil` for all.
  public var metric: String?
  public var reason: String
  public var createdAt: String

  public init(
    strategy: String, lane: BenchLane?, metric: String?, reason: String, createdAt: String
  ) {
    self.strategy = strategy
    self.lane = lane
    self.metric = metric
    self.reason = reason
    self.createdAt = createdAt
  }

  /// True when this acknowledgement covers `strategy` (label or id) × `lane` × `metric`.
  /// `l` is `nil` for a comparison without a lane (quality): any acknowledgement of the strategy
  /// and metric covers it.
  public func covers(strategy s: String, id: String, lane l: BenchLane?, metric m: String) -> Bool {
    (strategy == s || strategy == id) && (lane == nil || l == nil || lane == l)
      && (metric == nil || metric == m)
  }
}
