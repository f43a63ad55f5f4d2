import SigbenchCore
import SigbenchResults

/// The refusals of `merge`, each naming the shard and its folder. Wrong arguments are usage
/// errors (exit 64): a folder that is not a shard run (`ShardRun.load`), shards of different
/// splits, a shard given twice, shards missing without `--allow-partial`. Shard runs that
/// disagree are tool errors (exit 1): another corpus (manifest digest), another build (quality
/// is merged from one build only), other strategies, pictures in some shards only.
enum MergeChecks {
  /// The shards sorted by index, checked; returns the missing shard numbers (empty unless
  /// `allowPartial`).
  static func check(_ shards: inout [ShardRun], allowPartial: Bool) throws(PipelineError) -> [Int] {
    guard let first = shards.first else {
      throw PipelineError(.invalidOption, "merge needs at least one shard run folder")
    }
    func name(_ s: ShardRun) -> String { "shard \(s.info.spec) (\(s.given))" }
    for s in shards where s.info.count != first.info.count {
      throw PipelineError(
        .invalidOption,
        "\(name(s)) and \(name(first)) split the corpus differently (N = \(s.info.count) and "
          + "\(first.info.count)): merge shards of one split")
    }
    shards.sort { $0.info.index < $1.info.index }
    for (a, b) in zip(shards, shards.dropFirst()) where a.info.index == b.info.index {
      throw PipelineError(
        .invalidOption,
        "shard \(a.info.spec) is given twice (overlapping shards): \(a.given) and \(b.given)")
    }
    let reference = shards[0]
    for s in shards.dropFirst() {
      if s.info.manifestDigest != reference.info.manifestDigest {
        throw PipelineError(
          .toolError,
          "\(name(s)) read a different corpus than \(name(reference)): manifest "
            + "\(s.info.manifestDigest.prefix(16)) (\(s.info.manifestFiles) files, "
            + "\(s.info.manifestBytes) bytes) against \(reference.info.manifestDigest.prefix(16)) "
            + "(\(reference.info.manifestFiles) files, \(reference.info.manifestBytes) bytes)")
      }
      if s.build != reference.build {
        throw PipelineError(
          .toolError,
          "\(name(s)) was run by another build (\(s.build)) than \(name(reference)) "
            + "(\(reference.build)): quality is merged from one build only; re-run it with the same "
            + "binary")
      }
      let labels = s.result.strategies.map(\.label)
      let expected = reference.result.strategies.map(\.label)
      if labels != expected {
        throw PipelineError(
          .toolError,
          "\(name(s)) ran other strategies than \(name(reference)): "
            + "\(labels.joined(separator: ",")) against \(expected.joined(separator: ","))")
      }
      if s.drewPictures != reference.drewPictures {
        throw PipelineError(
          .toolError,
          "\(name(s)) \(s.drewPictures ? "drew" : "did not draw") pictures and \(name(reference)) "
            + "\(reference.drewPictures ? "did" : "did not"): run every shard with the same "
            + "--no-render")
      }
    }
    let given = Set(shards.map(\.info.index))
    let missing = (1...first.info.count).filter { !given.contains($0) }
    if !missing.isEmpty && !allowPartial {
      throw PipelineError(
        .invalidOption,
        "missing \(counted(missing.count, "shard")) of \(first.info.count): "
          + "\(missing.map(String.init).joined(separator: ", ")) (give every shard run, or "
          + "--allow-partial to merge without them, marked incomplete)")
    }
    return missing
  }
}

extension ShardRun {
  /// Whether this shard drew pictures (not `--no-render`).
  var drewPictures: Bool { info.pictures }
}
