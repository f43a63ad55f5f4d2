import Foundation
import SigbenchFiles
import SigbenchResults

/// A shard's `shard-drawings.bin` (`ShardDrawingCodec`), mapped into memory rather than read
/// (the system pages it in and out as a merge goes through it), with where each record lies
/// and which drawing it is: `merge` orders every shard's drawings by their keys, then reads
/// each record where it lies, in part: its figures for the quality fold, its entry for the
/// samples.
///
/// - Complexity: O(records) to index; memory O(records) for the index (24 bytes a record)
///   beside the mapping.
struct ShardDrawingFile: Sendable {
  /// Where a record is and which drawing it holds.
  struct Place: Sendable {
    /// The file's ordinal and the drawing's index in it.
    var file: Int
    var drawing: Int
    /// The payload (after the length), as offsets into `data`.
    var payload: Range<Int>
  }

  let url: URL
  /// The shard, `I/N`, for messages.
  let shard: String
  let data: Data
  let strategies: Int
  let places: [Place]

  var count: Int { places.count }

  /// Maps `url` and indexes its records; throws naming the shard, the file and the record when
  /// a record is cut short or does not begin with its drawing's key.
  init(url: URL, shard: String) throws(PipelineError) {
    self.url = url
    self.shard = shard
    do { data = try Data(contentsOf: url, options: .alwaysMapped) } catch {
      throw PipelineError(
        .toolError, "shard \(shard): cannot read \(url.path): \(SystemErrorText.reason(error))")
    }
    let header = ShardDrawingCodec.headerLength
    guard data.count >= header else {
      throw Self.failure(shard, url, "no header (\(data.count) bytes)")
    }
    do {
      strategies = try ShardDrawingCodec.readHeader(data.prefix(header))
    } catch { throw Self.failure(shard, url, error.description) }
    let indexed = data.withUnsafeBytes { b in Self.index(b, from: header) }
    switch indexed {
    case .success(let places): self.places = places
    case .failure(let why): throw Self.failure(shard, url, why.description)
    }
  }

  /// Record `i`, decoded whole.
  func record(_ i: Int) throws(PipelineError) -> ShardDrawingRecord {
    var r = ShardDrawingRecord(file: 0, drawing: 0, figures: [], motion: nil)
    try read(i) { (p) throws(ShardDrawingCodec.DecodeError) in
      try ShardDrawingCodec.decode(p, strategies: strategies, into: &r)
    }
    return r
  }

  /// Record `i`'s plain entry (`nil` when it has none), read where it lies.
  func entry(_ i: Int) throws(PipelineError) -> SampleEntry? {
    try read(i) { (p) throws(ShardDrawingCodec.DecodeError) in
      try ShardDrawingCodec.decodeEntry(p).entry
    }
  }

  /// Record `i`'s figures into `figures` (its sets reused) and its motion, read where they lie.
  func figures(_ i: Int, into figures: inout [QualityFigures]) throws(PipelineError)
    -> MotionKey?
  {
    try read(i) { (p) throws(ShardDrawingCodec.DecodeError) in
      try ShardDrawingCodec.decodeFigures(p, strategies: strategies, into: &figures)
    }
  }

  /// `body` over record `i`'s payload in the mapping; its failure names the shard, the file
  /// and the record.
  private func read<T>(
    _ i: Int, _ body: (UnsafeRawBufferPointer) throws(ShardDrawingCodec.DecodeError) -> T
  ) throws(PipelineError) -> T {
    let p = places[i].payload
    let done = data.withUnsafeBytes { b in
      Result { () throws(ShardDrawingCodec.DecodeError) in
        try body(UnsafeRawBufferPointer(rebasing: b[p]))
      }
    }
    do { return try done.get() } catch {
      throw Self.failure(shard, url, "record \(i + 1): \(error.description)")
    }
  }

  private static func failure(_ shard: String, _ url: URL, _ why: String) -> PipelineError {
    PipelineError(.toolError, "shard \(shard): \(url.path): \(why)")
  }

  private struct IndexError: Error, CustomStringConvertible { var description: String }

  /// Each record's length (`UInt32`) and key (two `Int64`s at the start of its payload), all
  /// little-endian, from `start` to the end.
  private static func index(_ b: UnsafeRawBufferPointer, from start: Int) -> Result<
    [Place], IndexError
  > {
    var places: [Place] = []
    var at = start
    while at < b.count {
      guard b.count - at >= 4 else {
        return .failure(IndexError(description: "cut short after record \(places.count)"))
      }
      let n = Int(UInt32(littleEndian: b.loadUnaligned(fromByteOffset: at, as: UInt32.self)))
      guard n >= 16, b.count - at - 4 >= n else {
        return .failure(IndexError(description: "record \(places.count + 1) cut short"))
      }
      let file = Int(Int64(littleEndian: b.loadUnaligned(fromByteOffset: at + 4, as: Int64.self)))
      let drawing = Int(
        Int64(littleEndian: b.loadUnaligned(fromByteOffset: at + 12, as: Int64.self)))
      places.append(Place(file: file, drawing: drawing, payload: (at + 4)..<(at + 4 + n)))
      at += 4 + n
    }
    return .success(places)
  }
}
