import SigbenchBench
import SigbenchCore
import SigbenchResults

/// Timing and counters of a merge. Timing is machine-bound: shards are grouped by machine
/// fingerprint and build; within a group each figure is the median over its shards, with the
/// min–max over them beside, exactly as `bench --processes` pools its worker processes
/// (`AcrossProcesses`). Groups are never pooled with each other: the largest (ties: the one
/// holding the lowest shard) becomes the merged run's `bench`; every group is listed in
/// `MergeInfo.timingGroups` with its shards. Counters are instruction counts of one build and
/// layout: they come from the first shard of the main group, and the text says which other
/// shards counted the same figures.
enum ShardTiming {
  /// The groups, main group first; each group's shards in index order.
  static func groups(_ shards: [ShardRun]) -> [[ShardRun]] {
    var groups: [[ShardRun]] = []
    for s in shards {
      if let k = groups.firstIndex(where: {
        $0[0].result.machine == s.result.machine && $0[0].build == s.build
      }) {
        groups[k].append(s)
      } else {
        groups.append([s])
      }
    }
    // Stable: equal sizes keep the order of their lowest shard.
    return groups.enumerated().sorted {
      ($0.element.count, -$0.offset) > ($1.element.count, -$1.offset)
    }.map(\.element)
  }

  /// One group's figures pooled over its shards.
  static func pooled(_ group: [ShardRun]) -> [LaneFigures] {
    AcrossProcesses.headline(timed(group).map(\.result.bench.figures))
  }

  /// The shards of `group` that timed something (a shard that owns no drawing with ink times
  /// nothing and is left out of the pool).
  static func timed(_ group: [ShardRun]) -> [ShardRun] {
    group.filter { !$0.result.bench.figures.isEmpty }
  }

  /// The merged run's benchmark: the main group's shards pooled as processes, over `corpus`.
  static func report(_ group: [ShardRun], corpus: BenchCorpusInfo) -> BenchReport {
    let timed = timed(group)
    let pool = timed.isEmpty ? [group[0]] : timed
    let per = pool.map(\.result.bench.figures)
    var report = pool[0].result.bench
    report.figures = AcrossProcesses.headline(per)
    report.replicates = ReplicateSet.collect(per)
    report.processes = per.count
    if per.count > 1 {
      report.headline = .medianOverProcesses
      report.perProcess = AcrossProcesses.values(per)
      report.processTimers = pool.map(\.result.bench.timer)
    }
    report.corpus = corpus
    return report
  }

  /// Where the counters come from, in words.
  static func countersSource(main: [ShardRun], all: [ShardRun]) -> String {
    let source = main[0]
    guard !source.result.bench.counters.isEmpty else {
      return "no counters: shard \(source.info.spec) counted none"
        + (source.result.bench.counterRun.unavailableReason.map { " (\($0))" } ?? "")
    }
    let same = all.filter {
      $0.info.index != source.info.index && $0.build == source.build
        && $0.result.bench.counters == source.result.bench.counters
    }.map { String($0.info.index) }
    let other = all.filter {
      $0.info.index != source.info.index && !same.contains(String($0.info.index))
    }.map { String($0.info.index) }
    var text = "counters from shard \(source.info.spec) (build \(source.build))"
    if !same.isEmpty {
      text += "; shards \(same.joined(separator: ", ")) counted the same figures"
    }
    if !other.isEmpty {
      text +=
        "; shards \(other.joined(separator: ", ")) counted other figures (another build, "
        + "layout or machine), not used"
    }
    return text
  }
}
