import SigbenchCore
import SigbenchFormats
import SigbenchResults

/// Every file of the corpus as a single run would have seen it, rebuilt from the shards'
/// ledgers (`ShardLedger.files`, in corpus order):
/// - skipped when a shard that opened it skipped it (a skip depends on the file alone);
/// - rejected when a shard that read it whole rejected it, else when any shard rejected its own
///   lines (the smallest line: the first bad line over every shard is the one a whole read
///   meets first), else when the samples of its partial reads together break the file's
///   sample limit (`SampleRules.checkSampleTotal`, as a whole read checks);
/// - read otherwise, with the warnings of a whole read, or those of its partial reads in
///   drawing order;
/// - unknown when no merged shard opened it (its owner is missing from a partial merge).
///
/// A rejected file's drawings are dropped from every shard, as a single run reads none of them.
///
/// - Complexity: O(files × shards).
struct CorpusReconciliation: Sendable {
  enum Verdict: Sendable, Hashable {
    case read(format: String, warnings: [String])
    case skipped(String)
    case rejected(String)
    case unknown
  }

  var names: [String]
  var verdicts: [Verdict]
  var walkSkipped: [FileNote]

  init(_ shards: [ShardRun], options: DecodeOptions = DecodeOptions()) throws(PipelineError) {
    let first = shards[0]
    // One shard's list: `MergeChecks` found every shard's manifest digest (over these names
    // and the files' sizes) the same.
    names = try first.names()
    walkSkipped = first.ledger.walkSkipped
    verdicts = []
    verdicts.reserveCapacity(names.count)
    // Each ledger lists the files its shard opened in corpus order: one cursor per shard.
    var next = Array(repeating: 0, count: shards.count)
    let ledgers = shards.map(\.ledger.files)
    var opened: [ShardFileRecord] = []
    for k in names.indices {
      opened.removeAll(keepingCapacity: true)
      for (j, files) in ledgers.enumerated() {
        guard next[j] < files.count, files[next[j]].ordinal == k else { continue }
        var r = files[next[j]]
        next[j] += 1
        r.name = names[k]
        opened.append(r)
      }
      verdicts.append(Self.verdict(opened, options: options))
    }
    for (j, s) in shards.enumerated() where next[j] != ledgers[j].count {
      throw PipelineError(
        .toolError,
        "shard \(s.info.spec) (\(s.given)): \(ShardLedger.fileName) lists its files out of "
          + "corpus order (record \(next[j] + 1))")
    }
  }

  static func verdict(_ opened: [ShardFileRecord], options: DecodeOptions) -> Verdict {
    guard !opened.isEmpty else { return .unknown }
    if let skip = opened.first(where: { $0.outcome == .skipped }) {
      return .skipped(skip.note ?? "")
    }
    let rejections = opened.filter { $0.outcome == .rejected }
    if let whole = rejections.first(where: { !$0.partial }) ?? rejections.min(by: earlier) {
      return .rejected(whole.note ?? "")
    }
    let format = opened[0].format ?? ""
    if let whole = opened.first(where: { !$0.partial }) {
      return .read(format: format, warnings: whole.warnings.map(\.text))
    }
    let samples = opened.reduce(0) { $0 + $1.samples }
    do {
      try SampleRules(file: opened[0].name, options: options).checkSampleTotal(samples)
    } catch {
      return .rejected(error.description)
    }
    let warnings = opened.flatMap(\.warnings).enumerated().sorted {
      ($0.element.drawing ?? -1, $0.offset) < ($1.element.drawing ?? -1, $1.offset)
    }
    return .read(format: format, warnings: warnings.map(\.element.text))
  }

  /// Earlier error line first; a rejection without a line last.
  private static func earlier(_ a: ShardFileRecord, _ b: ShardFileRecord) -> Bool {
    (a.errorLine ?? Int.max) < (b.errorLine ?? Int.max)
  }

  /// Whether file `ordinal`'s drawings belong in the merged run.
  func keeps(file ordinal: Int) -> Bool {
    if case .read = verdicts[ordinal] { return true }
    return false
  }

  /// The corpus summary's file parts, in corpus order as a single run lists them: the walk's
  /// skips first, then each file's skip or rejection, and the readers' warnings.
  var filesRead: Int { verdicts.filter { if case .read = $0 { true } else { false } }.count }
  var skipped: [FileNote] {
    walkSkipped
      + zip(names, verdicts).compactMap { name, v in
        if case .skipped(let why) = v { return FileNote(file: name, message: why) }
        return nil
      }
  }
  var rejected: [FileNote] {
    zip(names, verdicts).compactMap { name, v in
      if case .rejected(let why) = v { return FileNote(file: name, message: why) }
      return nil
    }
  }
  var warnings: [String] {
    verdicts.flatMap { v -> [String] in
      if case .read(_, let w) = v { return w }
      return []
    }
  }
  /// Files no merged shard opened (a partial merge).
  var unknown: [String] {
    zip(names, verdicts).compactMap { name, v in v == .unknown ? name : nil }
  }
}
