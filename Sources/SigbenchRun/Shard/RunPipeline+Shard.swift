import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchFiles
import SigbenchResults

/// `run --shard I/N`: the steps a shard adds to a run.
extension RunPipeline {
  /// Before the reading: the stream reads only the shard's drawings and writes each one's
  /// figures to `shard-drawings.bin` in the run's `.partial` folder.
  func beginShard(_ stream: inout CorpusStream, folder: RunFolder) throws {
    guard let shard = settings.shard else { return }
    stream.shard = shard
    stream.shardDrawings = try ShardDrawingsWriter(
      url: folder.partial.appendingPathComponent(ShardLedger.drawingsFileName),
      strategies: settings.strategies.count)
    progress(
      .note(
        "shard \(shard): reading only the drawings it owns (of every file's drawings, those whose "
          + "path and index hash to bucket \(shard.index))"))
  }

  /// After the reading: the drawings file closed and the ledger (`shard.json`) made from what
  /// the stream kept; `nil` without `--shard`.
  func finishShard(
    _ stream: CorpusStream, _ kept: CorpusStream.Kept, plan: CorpusStream.Plan
  ) throws -> ShardLedger? {
    guard let shard = settings.shard, let writer = stream.shardDrawings else { return nil }
    try writer.close()
    let manifest = CorpusManifest(plan.files)
    let files = kept.shardFiles
    let read = files.filter { $0.outcome == .read }
    let own = read.reduce(0) { $0 + $1.drawings.count }
    let info = ShardInfo(
      index: shard.index, count: shard.count, manifestDigest: manifest.digest,
      manifestFiles: manifest.files, manifestBytes: manifest.bytes,
      contentChecksum: String(kept.loaded.checksum, radix: 16), drawings: own,
      drawingsPassedOver: read.reduce(0) { $0 + ($1.drawingsInFile ?? 0) } - own,
      filesUnread: files.filter { $0.outcome == .unread }.count, pictures: settings.drawPictures)
    progress(
      .note(
        "shard \(shard): \(counted(info.drawings, "drawing")) of its own; passed over "
          + "\(counted(info.drawingsPassedOver, "drawing")) of other shards in the files it "
          + "opened, left \(counted(info.filesUnread, "one-drawing file")) of other shards unread"))
    return ShardLedger(
      info: info, walkSkipped: plan.skipped.map { FileNote(file: $0.file, message: $0.reason) },
      names: plan.files.map(\.name), files: files)
  }

  /// Writes `shard.json` into the `.partial` folder (before it is renamed into place).
  func writeShardLedger(_ ledger: ShardLedger?, into folder: RunFolder) throws {
    guard let ledger else { return }
    try AtomicFiles.write(
      try ResultJSON.encode(ledger),
      to: folder.partial.appendingPathComponent(ShardLedger.fileName))
  }

  /// The benchmark of a shard that owns no drawing with ink: nothing timed (the merge pools
  /// the other shards' timing), the counters as counted beside the reading.
  func emptyShardBench(_ session: BenchSession, precounted: CounterOutcome?) -> BenchReport {
    let reason = "shard \(settings.shard.map(\.description) ?? "") owns no drawing with ink"
    var options = BenchOptions()
    options.repetitions = settings.bench.repetitions
    return BenchReport(
      tool: ToolInfo.name, createdAt: RunFolder.timestamp(), machine: MachineFingerprint.current(),
      provenance: session.provenance, corpus: session.corpus,
      timer: TimerCalibration.measure(rounds: 20_000), options: options, processes: 1,
      figures: [], replicates: [], counters: precounted?.figures ?? [],
      counterRun: precounted?.info
        ?? CounterRunInfo(
          tool: "callgrind", command: "", subsetPoints: [:], startPoints: options.startPoints,
          unavailableReason: reason),
      injection: nil,
      warnings: [])
  }
}
