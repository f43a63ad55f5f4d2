import SigbenchBuildStamp
import SigbenchResults

/// Where a record's commit comes from: the build stamp for a live append, the result file's
/// provenance for an import (which then has no committer time).
public struct HistoryCommit: Hashable, Sendable {
  public var commit: String?
  public var commitTime: String?
  public var dirty: Bool?

  public init(commit: String?, commitTime: String?, dirty: Bool?) {
    self.commit = commit
    self.commitTime = commitTime
    self.dirty = dirty
  }

  /// The commit this binary was built from (`BuildStamp`).
  public static var build: HistoryCommit {
    HistoryCommit(
      commit: BuildStamp.commit, commitTime: BuildStamp.commitTime,
      dirty: BuildStamp.dirty)
  }

  /// What a result file recorded: the build stamp of the binary that wrote it (files written
  /// before the stamp was recorded hold the working folder's commit and no committer time).
  static func recorded(_ p: Provenance) -> HistoryCommit {
    HistoryCommit(commit: p.gitCommit, commitTime: p.commitTime, dirty: p.gitDirty)
  }
}

extension HistoryRecord {
  /// A run's figures: the benchmark's gate metrics per strategy × lane and every ink quality
  /// metric per strategy (lane `quality`).
  public static func run(
    _ r: RunResult, commit: HistoryCommit? = nil, source: String = "live"
  ) -> HistoryRecord {
    var m = benchMeasurements(r.bench)
    if let q = r.quality {
      for (strategy, figures) in q.strategies.sorted(by: { $0.key < $1.key }) {
        for metric in QualityMetric.catalog {
          guard let v = metric.value(in: figures), v.isFinite else { continue }
          m.append(
            HistoryMeasurement(
              strategy: strategy, lane: "quality", metric: metric.id, unit: metric.unit,
              headline: v, perProcess: []))
        }
      }
    }
    var record = HistoryRecord(
      kind: "run", createdAt: r.createdAt, machine: r.machine, provenance: r.provenance,
      commit: commit ?? .recorded(r.provenance), tool: r.tool, processes: r.bench.processes,
      source: source, runID: r.runID, measurements: m)
    for s in r.strategies { if let o = s.external { record.external[s.label] = o } }
    record.sweeps = SweepRecord.members(of: r.sweeps ?? [])
    record.shard = r.shard?.spec
    if let merge = r.merge {
      record.mergeKey = [
        merge.manifestDigest, String(merge.count), merge.shards.first?.build ?? "",
        r.strategies.map(\.label).joined(separator: ","),
      ].joined(separator: "|")
      record.incomplete = !merge.complete
    }
    return record
  }

  /// A benchmark's figures (`bench.json`).
  public static func bench(
    _ b: BenchReport, commit: HistoryCommit? = nil, source: String = "live"
  ) -> HistoryRecord {
    HistoryRecord(
      kind: "bench", createdAt: b.createdAt, machine: b.machine, provenance: b.provenance,
      commit: commit ?? .recorded(b.provenance), tool: b.tool, processes: b.processes,
      source: source, measurements: benchMeasurements(b))
  }

  /// A gate's head side only (`gate.json`): each timing comparison's head processes and their
  /// median, and each quality comparison's head value.
  public static func gate(
    _ g: GateReport, commit: HistoryCommit? = nil, source: String = "live"
  ) -> HistoryRecord {
    var m: [HistoryMeasurement] = []
    for t in g.timing {
      guard let median = t.headMedian ?? HistoryRecord.median(t.head) else { continue }
      m.append(
        HistoryMeasurement(
          strategy: t.strategy, lane: t.lane.rawValue, metric: t.metric.rawValue,
          unit: t.metric.isRatio ? "ratio" : "ns", headline: median, perProcess: t.head))
    }
    for q in g.quality ?? [] {
      guard let v = q.head else { continue }
      m.append(
        HistoryMeasurement(
          strategy: q.strategy, lane: "quality", metric: q.metric, unit: q.unit, headline: v,
          perProcess: []))
    }
    return HistoryRecord(
      kind: "gate", createdAt: g.createdAt, machine: g.machine, provenance: g.provenance,
      commit: commit ?? .recorded(g.provenance), tool: g.tool, processes: g.processesPerSide,
      source: source, measurements: m)
  }

  init(
    kind: String, createdAt: String, machine: MachineFingerprint, provenance: Provenance,
    commit: HistoryCommit, tool: String, processes: Int, source: String, runID: String? = nil,
    measurements: [HistoryMeasurement]
  ) {
    self.init(
      kind: kind, createdAt: createdAt, commit: commit.commit, commitTime: commit.commitTime,
      dirty: commit.dirty, fingerprint: HistoryRecord.fingerprint(machine),
      build: machine.buildConfiguration, corpusChecksum: provenance.corpusChecksum, tool: tool,
      processes: processes, source: source, runID: runID, measurements: measurements)
  }

  /// The machine as one comparable string (the build is kept apart).
  public static func fingerprint(_ m: MachineFingerprint) -> String {
    "\(m.cpuModel); \(m.cores) cores; \(m.os); \(m.toolchain)"
  }

  /// Each strategy × lane's gate metrics: the headline (`LaneFigures.gateMetrics`, the median
  /// over processes with several) and every process's value (`replicates`).
  static func benchMeasurements(_ b: BenchReport) -> [HistoryMeasurement] {
    var perProcess: [ReplicateKey: [Double]] = [:]
    for r in b.replicates { perProcess[r.key] = r.values }
    var out: [HistoryMeasurement] = []
    // External strategies' own lanes (`self-timed`, `round-trip`): their push p50 and p99.
    for e in b.externalLatency ?? [] {
      guard let push = e.push else { continue }
      for (metric, value) in [("push p50", push.p50), ("push p99", push.p99)] {
        out.append(
          HistoryMeasurement(
            strategy: e.strategy, lane: e.lane.rawValue, metric: metric, unit: "ns",
            headline: value, perProcess: []))
      }
    }
    for f in b.figures {
      for (metric, value) in f.gateMetrics.sorted(by: { $0.key < $1.key }) {
        let key = ReplicateKey(strategy: f.strategy, lane: f.lane, metric: metric)
        out.append(
          HistoryMeasurement(
            strategy: f.strategy, lane: f.lane.rawValue, metric: metric.rawValue,
            unit: metric.isRatio ? "ratio" : "ns", headline: value,
            perProcess: perProcess[key] ?? []))
      }
    }
    return out
  }

  /// The median of `values`; `nil` when empty. O(n log n).
  static func median(_ values: [Double]) -> Double? {
    let s = values.filter(\.isFinite).sorted()
    guard !s.isEmpty else { return nil }
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
  }
}
