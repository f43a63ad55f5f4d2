import SigbenchResults

/// When stored figures may be compared with the figures measured now: the gate's rules of
/// comparability, over the records `Baseline` and `NoiseFloor` keep.
extension Baseline {
  /// Why timing cannot be compared against this baseline (`nil` when it can): a timing
  /// verdict needs the same machine fingerprint and the same corpus checksum.
  public func timingIncompatibility(machine m: MachineFingerprint, corpusChecksum: String)
    -> String?
  {
    Baseline.timingMismatch(
      stored: (self.machine, self.corpus.checksum), now: (m, corpusChecksum))
  }

  /// The timing rule both a baseline and a noise floor follow: timing noise belongs to one
  /// machine and one workload, so both the fingerprint and the corpus checksum must match.
  static func timingMismatch(
    stored: (machine: MachineFingerprint, checksum: String),
    now: (machine: MachineFingerprint, checksum: String)
  ) -> String? {
    var why: [String] = []
    if stored.machine != now.machine {
      why.append("machine fingerprint differs (\(diff(stored.machine, now.machine)))")
    }
    if stored.checksum != now.checksum {
      why.append("corpus checksum differs (\(stored.checksum) vs \(now.checksum))")
    }
    return why.isEmpty ? nil : why.joined(separator: "; ")
  }

  /// Why counters cannot be compared (`nil` when they can): same CPU model, toolchain and build
  /// configuration, and the same workload (corpus checksum and counter subset).
  public func counterIncompatibility(
    machine m: MachineFingerprint, corpusChecksum: String, run: CounterRunInfo
  ) -> String? {
    var why: [String] = []
    if self.machine.cpuModel != m.cpuModel { why.append("CPU model differs") }
    if self.machine.toolchain != m.toolchain { why.append("toolchain differs") }
    if self.machine.buildConfiguration != m.buildConfiguration {
      why.append("build configuration differs")
    }
    if self.corpus.checksum != corpusChecksum { why.append("corpus checksum differs") }
    if self.counterRun.subsetPoints != run.subsetPoints
      || self.counterRun.startPoints != run.startPoints
    {
      why.append("counter subset differs")
    }
    if self.counterRun.layouts != run.layouts {
      why.append(
        "counted at layouts \(self.counterRun.layouts ?? [0]) vs \(run.layouts ?? [0]) "
          + "(refresh the baseline: sigbench baseline save NAME)")
    }
    return why.isEmpty ? nil : why.joined(separator: "; ")
  }

  /// The fields in which two machine fingerprints differ, for a message.
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

extension NoiseFloor {
  /// Why this floor does not apply here (`nil` when it does): same machine fingerprint and
  /// corpus checksum as the gate's timing.
  public func incompatibility(machine m: MachineFingerprint, corpusChecksum: String) -> String? {
    Baseline.timingMismatch(
      stored: (self.machine, self.corpus.checksum), now: (m, corpusChecksum))
  }
}

extension Acknowledgement {
  /// True when this acknowledgement covers `strategy` (label or id) × `lane` × `metric`.
  /// `l` is `nil` for a comparison without a lane (quality): any acknowledgement of the strategy
  /// and metric covers it.
  public func covers(strategy s: String, id: String, lane l: BenchLane?, metric m: String) -> Bool {
    (strategy == s || strategy == id) && (lane == nil || l == nil || lane == l)
      && (metric == nil || metric == m)
  }
}
