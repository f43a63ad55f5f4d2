import Dispatch
import Foundation
import SigbenchFiles
import SigbenchResults

/// A finished shard run folder as `merge` reads it: its result, its ledger (`shard.json`) and
/// its per-drawing figures (`shard-drawings.bin`, read a record at a time).
struct ShardRun: Sendable {
  /// The folder as given, and with links resolved.
  var given: String
  var run: LoadedRun
  var ledger: ShardLedger

  var info: ShardInfo { ledger.info }
  var result: RunResult { run.result }
  var folder: URL { run.folder }
  var build: String { TimingGroup.buildKey(result.provenance) }

  /// Reads `path`: a run folder whose result records a shard. A folder that is not a run, or a
  /// run that is not a shard, is a usage error naming it (the arguments are wrong).
  static func load(_ path: String) throws(PipelineError) -> ShardRun {
    let run: LoadedRun
    do { run = try LoadedRun.load(path) } catch {
      throw PipelineError(.invalidOption, "\(path): \(error.message)")
    }
    guard let info = run.result.shard else {
      throw PipelineError(
        .invalidOption,
        "\(path) is not a shard run (its result.json has no 'shard' member: it was not made "
          + "with 'run --shard I/N')")
    }
    let file = run.folder.appendingPathComponent(ShardLedger.fileName)
    let ledger: ShardLedger
    do {
      let data = try BoundedRead.data(file, limit: 1 << 30)
      ledger = try JSONDecoder().decode(ShardLedger.self, from: data)
    } catch {
      throw PipelineError(
        .toolError, "shard \(info.spec) (\(path)): cannot read \(file.path): \(error)")
    }
    guard ledger.info == info else {
      throw PipelineError(
        .toolError,
        "shard \(info.spec) (\(path)): \(ShardLedger.fileName) does not describe this run "
          + "(shard \(ledger.info.spec), manifest \(ledger.info.manifestDigest.prefix(12)))")
    }
    return ShardRun(given: path, run: run, ledger: ledger)
  }

  /// `load` of every path, on as many threads as the machine has cores (decoding the results
  /// is most of a merge's time); the first failure in argument order is thrown.
  static func loadAll(_ paths: [String]) throws(PipelineError) -> [ShardRun] {
    final class Slots: @unchecked Sendable {
      let lock = NSLock()
      var loaded: [Result<ShardRun, PipelineError>?]
      init(_ n: Int) { loaded = Array(repeating: nil, count: n) }
    }
    let slots = Slots(paths.count)
    DispatchQueue.concurrentPerform(iterations: paths.count) { i in
      let r = Result { () throws(PipelineError) -> ShardRun in try load(paths[i]) }
      slots.lock.lock()
      slots.loaded[i] = r
      slots.lock.unlock()
    }
    return try slots.loaded.map { (r) throws(PipelineError) -> ShardRun in try r!.get() }
  }

  /// The per-drawing records, in the shard's corpus order; throws naming the shard, the file
  /// and the line when one is not a record.
  func drawings() throws -> ShardDrawingReader {
    try ShardDrawingReader(
      url: folder.appendingPathComponent(ShardLedger.drawingsFileName), shard: info.spec)
  }
}

/// Reads `shard-drawings.bin` (`ShardDrawingCodec`) one record at a time, through a buffer of
/// 1 MiB.
final class ShardDrawingReader {
  private let handle: FileHandle
  private let url: URL
  private let shard: String
  private var buffer = Data()
  /// Where the unread part of `buffer` starts.
  private var start = 0
  private var atEnd = false
  private var record = 0
  private var strategies = 0

  init(url: URL, shard: String) throws {
    do { handle = try FileHandle(forReadingFrom: url) } catch {
      throw PipelineError(
        .toolError, "shard \(shard): cannot read \(url.path): \(SystemErrorText.reason(error))")
    }
    self.url = url
    self.shard = shard
    guard try fill(ShardDrawingCodec.headerLength) else { throw failure("no header") }
    do {
      strategies = try ShardDrawingCodec.readHeader(
        buffer[start..<start + ShardDrawingCodec.headerLength])
    } catch { throw failure(error.description) }
    start += ShardDrawingCodec.headerLength
  }

  deinit { try? handle.close() }

  private func failure(_ why: String) -> PipelineError {
    PipelineError(.toolError, "shard \(shard): \(url.path): \(why)")
  }

  /// Whether `n` unread bytes are buffered (reading more when needed); false at the end.
  private func fill(_ n: Int) throws -> Bool {
    while buffer.endIndex - start < n {
      if atEnd { return false }
      // The unread tail moves to the front once per chunk, not once per record.
      buffer = Data(buffer[start...])
      start = buffer.startIndex
      let chunk = try handle.read(upToCount: max(1 << 20, n)) ?? Data()
      if chunk.isEmpty { atEnd = true } else { buffer.append(chunk) }
    }
    return true
  }

  /// The next record, `nil` at the end.
  func next() throws -> ShardDrawingRecord? {
    guard try fill(4) else {
      guard start == buffer.endIndex else { throw failure("cut short after record \(record)") }
      return nil
    }
    var length: UInt32 = 0
    withUnsafeMutableBytes(of: &length) {
      buffer.copyBytes(to: $0.bindMemory(to: UInt8.self), from: start..<start + 4)
    }
    let n = Int(UInt32(littleEndian: length))
    guard try fill(4 + n) else { throw failure("record \(record + 1) cut short") }
    let payload = buffer[start + 4..<start + 4 + n]
    start += 4 + n
    record += 1
    do { return try ShardDrawingCodec.decode(payload, strategies: strategies) } catch {
      throw failure("record \(record): \(error.description)")
    }
  }
}
