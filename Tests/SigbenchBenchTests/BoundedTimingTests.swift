import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchReport
import SigbenchResults
import SigbenchStrategies
import SigbenchTestSupport
import Testing

@testable import SigbenchBench

/// Issue 16, item 1 and 2: the timing phase keeps bounded memory (a packed copy of the samples,
/// a bounded sample of point values) and `samples.csv` says how many rows it left out.
@Suite("bounded timing memory and samples.csv")
struct BoundedTimingTests {
  @Test("packed strokes unpack to the same samples (tilt and azimuth dropped), nil kept as nil")
  func compactRoundTrip() {
    let a = [
      Sample(x: 1, y: 2), Sample(x: 3.25, y: -4, pressure: 0.5), Sample(x: 1e6, y: 0.1),
    ]
    let b = [
      Sample(x: 5, y: 6, time: 0, pressure: 0.1, tilt: 1, azimuth: 2),
      Sample(x: 7, y: 8, time: 0.004),
    ]
    let packed = CompactStrokes([a, b, []])
    #expect(packed.count == 3)
    #expect(packed.sampleCount == 5)
    #expect(packed[0] == a)
    #expect(
      packed[1] == [Sample(x: 5, y: 6, time: 0, pressure: 0.1), Sample(x: 7, y: 8, time: 0.004)])
    #expect(packed[2].isEmpty)
    #expect(packed.count(of: 1) == 2)
    #expect(packed.packedBytes <= 32 * 5 + 8 * 3)
    var buffer: [Sample] = []
    packed.unpack(0, into: &buffer)
    #expect(buffer == a)
  }

  @Test("up to the capacity every value is kept and the figures equal the whole set's")
  func pointValuesComplete() {
    var v = PointValues(expected: 500, capacity: 1_000)
    var all: [Double] = []
    for i in 0..<500 {
      let ns = Double((i * 7919) % 997)
      all.append(ns)
      v.add(ns, isStart: i % 50 < 8, decile: i % 10)
    }
    #expect(v.isComplete)
    #expect(v.summaries().all == LatencySummary(all))
  }

  @Test("over the capacity the values are sampled; count, mean, min and max stay exact")
  func pointValuesBounded() {
    let n = 100_000
    var v = PointValues(expected: n, capacity: 1_000)
    var sum = 0.0
    for i in 0..<n {
      let ns = 100 + Double(i % 1_000) + (i == 54_321 ? 1e7 : 0)
      sum += ns
      v.add(ns, isStart: false, decile: i * 10 / n)
    }
    #expect(!v.isComplete)
    let all = v.summaries().all!
    #expect(all.count == n)
    #expect(all.max == 1e7 + 100 + 321)
    #expect(all.min == 100)
    #expect(abs(all.mean - sum / Double(n)) < 1e-6)
    #expect(abs(all.p50 - 600) < 20)
    #expect(v.overPeriod == 1)
    #expect(v.decileMedians().allSatisfy { $0 != nil })
  }

  @Test("a thinned series ends with a left-out row holding its count; bench.json counts it too")
  func leftOutRow() {
    var record = PointRecord()
    for i in 0..<1_000 {
      record.ns.append(Double(100 + i))
      record.index.append(Int32(i))
      record.length.append(1_000)
      record.stroke.append(0)
    }
    let series = RawSeries(
      strategy: "straight", lane: .smooth, passes: [record], finishes: [[5]], batched: [[1.5]]
    ).thinned(maxRows: 100)
    #expect(series.rowsLeftOut > 0)
    let lines = RawSamplesCSV.render([series]).split(separator: "\n")
    #expect(lines.count == 1 + series.rowCount + 1)
    #expect(lines.last == "straight,smooth,0,left-out,,,,,\(series.rowsLeftOut)")
    #expect(RawSampleCount([series]).rowsLeftOut == series.rowsLeftOut)
    let whole = RawSeries(strategy: "straight", lane: .smooth, passes: [record])
    #expect(!RawSamplesCSV.render([whole]).contains("left-out"))
  }

  @Test("samples.csv is handed out in pieces that end at a row's end; joined, they are every row")
  func samplesInPieces() throws {
    var record = PointRecord()
    for i in 0..<5_000 {
      record.ns.append(Double(1_000 + i))
      record.index.append(Int32(i))
      record.length.append(5_000)
      record.stroke.append(3)
    }
    let series = RawSeries(
      strategy: "catmull-rom(alpha=0.5,width=pressure)", lane: .smoothRaster, passes: [record],
      finishes: [[7, 8]], batched: [[2.5]])
    var pieces: [Data] = []
    RawSamplesCSV.write([series]) { pieces.append($0) }
    #expect(pieces.count > 2)
    for piece in pieces {
      #expect(piece.last == UInt8(ascii: "\n"))
      #expect(piece.count < RawSamplesCSV.pieceBytes + 200)
    }
    let lines = String(decoding: pieces.reduce(Data(), +), as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 1 + 5_000 + 2 + 1 + 1)  // header, rows, finishes, batched, final ""
    #expect(lines[0] == Substring(RawSamplesCSV.header))
    let who = "\"catmull-rom(alpha=0.5,width=pressure)\",smooth+raster,0"
    for i in [0, 1_234, 4_999] {
      #expect(lines[1 + i] == "\(who),single,0,3,\(i),5000,\(1_000 + i)")
    }
    #expect(lines[5_001] == "\(who),finish,0,0,,,7")
    #expect(lines[5_003] == "\(who),batched,0,,,,2.5")
    #expect(
      RawSamplesCSV.render([series]) == String(decoding: pieces.reduce(Data(), +), as: UTF8.self))
  }
}
