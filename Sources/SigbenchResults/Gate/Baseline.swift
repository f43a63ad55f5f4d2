import Foundation
import SigbenchCore

/// A stored baseline: `Reports/baselines/NAME.json`.
///
/// Holds what a later gate compares against: per-process replicates of the gate metrics, the
/// counters, the budgets' inputs, and the fingerprints that decide compatibility. The commit in
/// `provenance` differs from the head's by design.
public typealias Baseline = ResultDocument<BaselineContents>

/// The members of a `Baseline` after the shared header.
public struct BaselineContents: DocumentContents {
  /// 2: the provenance is the build stamp (commit time, build configuration, compiler).
  public static let currentSchemaVersion = 2

  public var name: String
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
  /// External strategies by label: the manifest, command and digests their figures came from
  /// (`nil` when the baseline holds none). A gate whose strategy's digests differ refuses its
  /// comparison unless acknowledged (`--metric external-digest`).
  public var external: [String: ExternalStrategyOrigin]?

  /// The contents alone; a document is made with `ResultDocument`'s initializer of this kind.
  init(
    name: String, corpus: BenchCorpusInfo, timer: TimerCalibration, processes: Int,
    strategies: [String], lanes: [BenchLane], replicates: [ReplicateSet],
    counters: [CounterFigures], counterRun: CounterRunInfo, acknowledgements: [Acknowledgement],
    injection: Injection?
  ) {
    self.name = name
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
}

extension ResultDocument where Contents == BaselineContents {
  /// Names are file-name safe: letters, digits, `.`, `_`, `-`; 1–64 characters; no leading dot.
  public static func isValidName(_ name: String) -> Bool {
    guard (1...64).contains(name.count), !name.hasPrefix(".") else { return false }
    return name.unicodeScalars.allSatisfy {
      $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._-".unicodeScalars.contains($0))
    }
  }

  public init(
    name: String, createdAt: String, tool: String, machine: MachineFingerprint,
    provenance: Provenance, corpus: BenchCorpusInfo, timer: TimerCalibration, processes: Int,
    strategies: [String], lanes: [BenchLane], replicates: [ReplicateSet],
    counters: [CounterFigures], counterRun: CounterRunInfo, acknowledgements: [Acknowledgement],
    injection: Injection?
  ) {
    self.init(
      tool: tool, createdAt: createdAt, machine: machine, provenance: provenance,
      contents: BaselineContents(
        name: name, corpus: corpus, timer: timer, processes: processes, strategies: strategies,
        lanes: lanes, replicates: replicates, counters: counters, counterRun: counterRun,
        acknowledgements: acknowledgements, injection: injection))
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
}
