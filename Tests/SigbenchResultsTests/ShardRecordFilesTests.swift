import Foundation
import SigbenchCore
import Testing

@testable import SigbenchResults

/// Run schema 6 (#48): a version 5 result (written by the build before it) still reads, as
/// neither shard nor merge; a shard's and a merge's records round-trip; the per-drawing figures'
/// binary records read back to the bit and refuse what they are not.
@Suite("run schema 6 and shard records")
struct ShardRecordFilesTests {
  @Test("a version 5 result reads as written, neither shard nor merge")
  func version5Reads() throws {
    let run = try RunResult.decode(LegacyFilesTests.data("v5-run/result.json"))
    #expect(run.strategies.map(\.label) == ["straight"])
    #expect(run.shard == nil && run.merge == nil)
    let again = try RunResult.decode(run.encoded())
    #expect(again.schemaVersion == 6 && again == run)
  }

  @Test("a shard's and a merge's records round-trip")
  func roundTrip() throws {
    var run = try RunResult.decode(LegacyFilesTests.data("v5-run/result.json"))
    run.shard = ShardInfo(
      index: 2, count: 8, manifestDigest: String(repeating: "ab", count: 32), manifestFiles: 10,
      manifestBytes: 12_345, contentChecksum: "cbf29ce484222325", drawings: 3,
      drawingsPassedOver: 4, filesUnread: 5, pictures: false)
    run.merge = MergeInfo(
      count: 8,
      shards: [
        MergedShard(
          index: 1, runID: "r1", folder: "s1", machine: run.machine, build: "b", drawings: 3,
          contentChecksum: "c", createdAt: run.createdAt)
      ], missing: [2, 3], manifestDigest: "d", manifestFiles: 10, manifestBytes: 1,
      formatStudySource: "shard 1",
      timingGroups: [
        TimingGroup(shards: [1], machine: run.machine, build: "b", figures: run.bench.figures)
      ], countersSource: "none")
    let again = try RunResult.decode(run.encoded())
    #expect(again.shard == run.shard && again.merge == run.merge)
    #expect(again.merge?.complete == false)
  }

  /// Figures with every kind of field set, from a seeded sequence (values whose last bits
  /// matter: thirds, tiny and huge magnitudes, negative zero).
  static func figures(seed: Int) -> QualityFigures {
    var f = QualityFigures(
      drawings: 1, strokes: seed % 7, samples: 100 + seed, strokesWithoutInk: seed % 2,
      accuracyPoints: 3 * seed, reverseAccuracyPoints: 2 * seed, gapStrokes: 1, joins: seed,
      cornerJoins: 2, pressureCredibleDrawings: seed % 2, timedSamples: 99, updates: 40 + seed,
      predictions: seed % 3 == 0 ? nil : seed, scoredPredictions: seed % 3 == 0 ? nil : seed / 2,
      reference: seed % 2 == 0 ? .truth : .inputPolyline,
      pressure: seed % 4 == 0
        ? nil
        : PressureCredibility(
          finding: .dominantValue, samples: 10, samplesWithPressure: 9, distinctLevels: 3,
          mostFrequentValue: 1.0 / 3.0, mostFrequentShare: nil, minimum: -0.0, maximum: 0.75),
      inkLength: Double(seed) / 3, churnMax: seed % 5 == 0 ? nil : 1e-300 * Double(seed))
    for (k, metric) in QualityMetric.catalog.enumerated() where (k + seed) % 3 != 0 {
      f[metric] = (Double(k) + 0.1) / Double(seed + 7) * (k % 2 == 0 ? 1 : -1e200)
    }
    return f
  }

  @Test("binary drawing records read back equal to the bit, for every field")
  func codecRoundTrip() throws {
    let records = (0..<12).map { seed in
      ShardDrawingRecord(
        file: seed * 3, drawing: seed % 4,
        figures: [Self.figures(seed: seed), Self.figures(seed: seed + 1)],
        motion: seed % 2 == 0 ? MotionKey(motion: "m-\(seed) ü", rate: 120 + Double(seed) / 7) : nil
      )
    }
    var data = ShardDrawingCodec.header(strategies: 2)
    for r in records { data.append(ShardDrawingCodec.encode(r)) }
    #expect(try ShardDrawingCodec.readHeader(data.prefix(ShardDrawingCodec.headerLength)) == 2)
    var at = ShardDrawingCodec.headerLength
    for r in records {
      let n =
        Int(data[at]) | Int(data[at + 1]) << 8 | Int(data[at + 2]) << 16 | Int(data[at + 3]) << 24
      let back = try ShardDrawingCodec.decode(data[(at + 4)..<(at + 4 + n)], strategies: 2)
      #expect(back == r)
      // Equal as values is not enough for −0 and NaN-free doubles: compare the bits too.
      for (a, b) in zip(back.figures, r.figures) {
        #expect(a.slots.map { $0?.bitPattern } == b.slots.map { $0?.bitPattern })
        #expect(a.pressure?.minimum?.sign == b.pressure?.minimum?.sign)
      }
      at += 4 + n
    }
    #expect(at == data.count)
  }

  @Test("a record cut short, with bytes left over, or a foreign header is refused, never trapped")
  func codecRefuses() throws {
    let record = ShardDrawingRecord(
      file: 1, drawing: 2, figures: [Self.figures(seed: 3)], motion: nil)
    let payload = ShardDrawingCodec.encode(record).dropFirst(4)
    for cut in [0, 1, 9, 17, payload.count / 2, payload.count - 1] {
      #expect(throws: ShardDrawingCodec.DecodeError.self) {
        _ = try ShardDrawingCodec.decode(payload.prefix(cut), strategies: 1)
      }
    }
    #expect(throws: ShardDrawingCodec.DecodeError.self) {
      _ = try ShardDrawingCodec.decode(payload + Data([0]), strategies: 1)
    }
    #expect(throws: ShardDrawingCodec.DecodeError.self) {
      _ = try ShardDrawingCodec.readHeader(Data("SIGBENCH-SHARD-DRAWINGS 9\n            ".utf8))
    }
    var other = ShardDrawingCodec.header(strategies: 1)
    other[ShardDrawingCodec.magic.count + 4] &+= 1
    #expect(throws: ShardDrawingCodec.DecodeError.self) {
      _ = try ShardDrawingCodec.readHeader(other)
    }
  }
}
