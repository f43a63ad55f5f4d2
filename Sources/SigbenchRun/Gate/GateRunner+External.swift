import Foundation
import SigbenchCore
import SigbenchResults

/// The gate's treatment of external strategies (`ExternalGateStatus`), beside the built-ins'
/// quality comparison. Their latency is never gated: it is not timed in the in-process lanes.
extension GateRunner {
  /// `base` with what the base side has of the external strategies, and each one's standing
  /// recorded in `report`:
  /// - A/B: the base binary's quality worker runs them (`--strategy-dir` with their folders,
  ///   `--external-digests` with the digests this process read); a build that cannot leaves
  ///   them "unavailable on the base side" with its error.
  /// - Stored baseline: compared when the baseline recorded the same manifest and command
  ///   digests. When they differ, "external strategy changed since the baseline" and the
  ///   comparison is refused (the gate exits 5), unless an acknowledgement with metric
  ///   `external-digest` covers the strategy.
  func withExternal(
    _ base: [String: QualityFigures], _ report: inout GateReport, scratch: URL,
    progress: ProgressHandler
  ) -> [String: QualityFigures] {
    let external = session.fromManifests
    guard !external.isEmpty else { return base }
    var merged = base
    var statuses: [ExternalGateStatus] = []
    if let bin = config.baseBinary {
      progress(.note("gate: measuring the external strategies' quality with the base binary"))
      let folders = ExternalDigests.folders(external)
      do {
        let figures = try BenchWorkers.quality(
          binary: URL(fileURLWithPath: bin), corpus: session.corpusPath,
          strategies: StrategyResolver.specText(external), scratch: scratch,
          strategyFolders: folders, externalDigests: ExternalDigests.text(external),
          tag: "base-external")
        for s in external {
          merged[s.label] = figures[s.label]
          statuses.append(.init(strategy: s.label, status: "compared (same-job A/B)"))
        }
      } catch {
        for s in external {
          merged[s.label] = nil
          statuses.append(
            .init(strategy: s.label, status: "unavailable on the base side: \(error)"))
        }
      }
    } else if let b = config.baseline {
      for s in external {
        let (figures, status) = Self.stored(s, in: b, acknowledgement: acknowledgement)
        merged[s.label] = figures
        statuses.append(status)
      }
    }
    report.externalStrategies = statuses
    return merged
  }

  /// The stored baseline's figures of external strategy `s` (nil when refused or absent) and
  /// its standing.
  static func stored(
    _ s: ConfiguredStrategy, in b: Baseline,
    acknowledgement: (String, BenchLane?, String, Baseline?) -> String?
  ) -> (QualityFigures?, ExternalGateStatus) {
    guard let head = s.origin.external, let figures = b.quality?[s.label] else {
      return (nil, .init(strategy: s.label, status: "not in the baseline '\(b.name)'"))
    }
    guard let then = b.external?[s.label] else {
      // Figures without a record of their code: nothing says what they measured.
      return (
        nil,
        .init(
          strategy: s.label,
          status: "the baseline '\(b.name)' has figures but no digests for it (saved as a "
            + "built-in?); comparison refused", refused: true)
      )
    }
    let changes = Self.changes(from: then, to: head)
    if changes.isEmpty {
      return (figures, .init(strategy: s.label, status: "compared (digests unchanged)"))
    }
    let what = "external strategy changed since the baseline: " + changes.joined(separator: "; ")
    if let reason = acknowledgement(
      s.label, nil, BaselineActions.externalDigestMetric, b)
    {
      return (
        figures, .init(strategy: s.label, status: "\(what); compared: acknowledged: \(reason)")
      )
    }
    return (
      nil,
      .init(
        strategy: s.label,
        status: "\(what); comparison refused (acknowledge with `sigbench baseline ack "
          + "\(b.name) --strategy \(s.id) --metric \(BaselineActions.externalDigestMetric) "
          + "--reason …`, or save the baseline again)", refused: true)
    )
  }

  /// What differs between two records of an external strategy, in words (empty: the same).
  static func changes(from a: ExternalStrategyOrigin, to b: ExternalStrategyOrigin) -> [String] {
    var out: [String] = []
    func short(_ d: String?) -> String { d.map { String($0.prefix(12)) } ?? "none" }
    if a.manifestDigest != b.manifestDigest {
      out.append("manifest digest \(short(a.manifestDigest)) → \(short(b.manifestDigest))")
    }
    if a.commandDigest != b.commandDigest || a.commandFiles != b.commandFiles {
      out.append(
        "command files' digest \(short(a.commandDigest)) → \(short(b.commandDigest)) "
          + "(\(b.commandFiles.joined(separator: ", ")))")
    }
    if a.command != b.command {
      out.append(
        "command '\(a.command.joined(separator: " "))' → '\(b.command.joined(separator: " "))'")
    }
    return out
  }
}
