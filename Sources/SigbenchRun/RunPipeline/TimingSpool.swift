import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchRender
import SigbenchResults

/// The streamed corpus's samples for the timing phase, kept on disk: each drawing's packed
/// strokes are appended to a scratch file in corpus order while the corpus streams, and memory
/// keeps only each stroke's length and each drawing's name and raster transform (about 8 bytes
/// a stroke and 50 a drawing, instead of 32 bytes a sample). Once the corpus is read, the
/// strokes `TimingSample` chooses (every stroke up to the budget, else whole strokes at a fixed
/// stride) are read back, so memory holds only the points the timing phase times.
///
/// The workload read back equals `BenchWorkload(items:).timingSample(budget:)` over the same
/// items: the same drawings (those with a stroke taken, in corpus order, each with its
/// transform), the same strokes, the same values bit for bit (each channel stored as the
/// `Double` bit pattern `CompactStrokes` unpacks, a missing time or pressure as NaN).
///
/// The file lives in a scratch folder (`BenchWorkers.makeScratch`, registered with
/// `CleanupRegistry` and swept by `LeftoverSweep` if the process dies); `remove()` deletes it.
/// Not thread-safe: `CorpusStream` appends under its lock.
///
/// - Complexity: `append` O(samples of the drawing); `sampled` O(strokes) to choose plus
///   O(points taken) to read; memory O(strokes + drawings).
final class TimingSpool: @unchecked Sendable {
  /// One drawing: its name, raster transform and the range of its strokes in `lengths`.
  struct Drawing: Sendable {
    var name: String
    var transform: Transform
    var strokes: Range<Int>
  }

  /// Bytes a sample takes in the file: x, y, time and pressure as `Double` bit patterns.
  static let bytesPerSample = 32

  let folder: URL
  let file: URL
  private let handle: FileHandle
  /// Samples of every stroke appended, in corpus order.
  private(set) var lengths: [Int] = []
  private(set) var drawings: [Drawing] = []

  /// Creates an empty spool in a new scratch folder.
  init() throws {
    folder = try BenchWorkers.makeScratch(.spool)
    file = folder.appendingPathComponent("samples.bin")
    guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
      BenchWorkers.removeScratch(folder)
      throw PipelineError(.toolError, "cannot create the timing spool \(file.path)")
    }
    do { handle = try FileHandle(forUpdating: file) } catch {
      BenchWorkers.removeScratch(folder)
      throw error
    }
  }

  deinit { try? handle.close() }

  /// Total samples appended.
  var pointCount: Int { lengths.reduce(0, +) }

  /// One drawing's strokes as the file stores them, made without the spool (so a worker can
  /// make it before it takes the run's lock): the bytes, each stroke's length, and what
  /// `drawings` records.
  struct Encoded: Sendable {
    var bytes: [UInt8]
    var lengths: [Int]
    var name: String
    var transform: Transform
  }

  /// `item` encoded: per stroke, every x, then every y, time (NaN when missing) and pressure
  /// (likewise), each the little-endian bit pattern of its `Double`.
  ///
  /// - Complexity: O(samples of the drawing).
  static func encode(_ item: BenchWorkload.Item) -> Encoded {
    var lengths: [Int] = []
    lengths.reserveCapacity(item.strokes.count)
    var stroke: [Sample] = []
    var at = 0
    let bytes = [UInt8](unsafeUninitializedCapacity: bytesPerSample * item.strokes.sampleCount) {
      buffer, initialized in
      let raw = UnsafeMutableRawBufferPointer(buffer)
      func put(_ v: Double) {
        raw.storeBytes(of: v.bitPattern.littleEndian, toByteOffset: at, as: UInt64.self)
        at += 8
      }
      for s in item.strokes.indices {
        item.strokes.unpack(s, into: &stroke)
        for v in stroke { put(v.x) }
        for v in stroke { put(v.y) }
        for v in stroke { put(v.time ?? .nan) }
        for v in stroke { put(v.pressure ?? .nan) }
        lengths.append(stroke.count)
      }
      initialized = at
    }
    return Encoded(bytes: bytes, lengths: lengths, name: item.name, transform: item.transform)
  }

  /// Appends one drawing's strokes (a drawing without strokes is recorded with none, as a
  /// workload item never is).
  func append(_ item: BenchWorkload.Item) throws { try append(Self.encode(item)) }

  /// Appends one drawing encoded by `encode`.
  func append(_ encoded: Encoded) throws {
    let first = lengths.count
    try handle.seekToEnd()
    try handle.write(contentsOf: encoded.bytes)
    lengths += encoded.lengths
    drawings.append(
      Drawing(name: encoded.name, transform: encoded.transform, strokes: first..<lengths.count))
  }

  /// The strokes the timing phase times under `budget` (`nil`: every stroke), read back as a
  /// workload, with the record of the choice (`TimingSample.choose` over every stroke length).
  func sampled(
    budget: Int?, rasterSpec: RenderSpec = BenchWorkload.defaultRasterSpec
  ) throws -> (workload: BenchWorkload, sample: TimingSample) {
    let sample = TimingSample.choose(lengths: lengths, budget: budget ?? Int.max)
    var items: [BenchWorkload.Item] = []
    var offset = 0
    for d in drawings {
      var taken = CompactStrokes()
      for s in d.strokes {
        if sample.times(stroke: s) {
          // A stroke is stored channel by channel: read whole, then cut (`TimingSample.cutAt`).
          let stroke = try read(at: offset, count: lengths[s])
          let timed = sample.timedPoints(ofStroke: lengths[s])
          taken.append(timed == stroke.count ? stroke : Array(stroke.prefix(timed)))
        }
        offset += lengths[s]
      }
      if !taken.isEmpty {
        items.append(BenchWorkload.Item(name: d.name, strokes: taken, transform: d.transform))
      }
    }
    return (BenchWorkload(items: items, rasterSpec: rasterSpec), sample)
  }

  /// Deletes the file and its folder.
  func remove() {
    try? handle.close()
    BenchWorkers.removeScratch(folder)
  }

  /// The stroke of `count` samples starting at sample `offset` of the file.
  private func read(at offset: Int, count: Int) throws -> [Sample] {
    try handle.seek(toOffset: UInt64(offset * Self.bytesPerSample))
    let size = count * Self.bytesPerSample
    guard let data = try handle.read(upToCount: size), data.count == size else {
      throw PipelineError(.toolError, "the timing spool \(file.path) was cut short")
    }
    let values = data.withUnsafeBytes { raw in
      (0..<(4 * count)).map {
        Double(
          bitPattern: UInt64(
            littleEndian: raw.loadUnaligned(fromByteOffset: 8 * $0, as: UInt64.self)))
      }
    }
    return (0..<count).map { k in
      let t = values[2 * count + k]
      let p = values[3 * count + k]
      return Sample(
        x: values[k], y: values[count + k], time: t.isNaN ? nil : t, pressure: p.isNaN ? nil : p)
    }
  }

}
