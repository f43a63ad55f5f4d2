import Foundation
import SigbenchCore
import SigbenchResults
import SigbenchTestSupport
import Testing

@testable import SigbenchFormats

/// Issue #48, the split by drawing: an ndjson file is read a line at a time, only the lines a
/// shard owns parsed; a one-drawing file another shard owns is not opened.
@Suite("reading one shard of a corpus")
struct ShardReadingTests {
  /// Quick, Draw! lines: `count` drawings, a blank line after the second, and `broken` lines
  /// (0-based drawing indices) that are not JSON.
  static func ndjson(count: Int, broken: Set<Int> = []) -> Data {
    var lines: [String] = []
    for i in 0..<count {
      lines.append(
        broken.contains(i)
          ? "{\"drawing\": [[[1, 2"
          : "{\"key_id\":\"k\(i)\",\"drawing\":[[[\(i),\(i + 5),\(i + 9)],[0,4,\(i % 3)],[0,16,33]]]}"
      )
      if i == 1 { lines.append("   ") }
    }
    return Data((lines.joined(separator: "\n") + "\n").utf8)
  }

  @Test(
    "a selective read gives the kept drawings exactly as a whole read does, and skips the rest unparsed"
  )
  func selectiveEqualsWhole() throws {
    let data = Self.ndjson(count: 12)
    let whole = try QuickDrawFormat().decode(data, file: "d.ndjson", options: DecodeOptions())
    let keep: Set<Int> = [0, 3, 4, 11]
    let part = try QuickDrawFormat().decode(
      data, file: "d.ndjson", options: DecodeOptions(), keeping: { keep.contains($0) })
    #expect(part.drawingsInFile == 12)
    #expect(part.indices == [0, 3, 4, 11])
    #expect(part.result.drawings == part.indices.map { whole.drawings[$0] })
    // The bytes read are the kept lines, line ends included.
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").filter {
      !$0.trimmingCharacters(in: .whitespaces).isEmpty
    }
    #expect(
      String(decoding: part.bytesRead, as: UTF8.self)
        == part.indices.map { lines[$0] + "\n" }.joined())
  }

  @Test("a broken line is met only by the shard that owns it, with the whole read's error")
  func brokenLineOnlyWhereOwned() throws {
    let data = Self.ndjson(count: 8, broken: [5])
    var wholeError: FormatError?
    do { _ = try QuickDrawFormat().decode(data, file: "d.ndjson", options: DecodeOptions()) } catch
    {
      wholeError = error
    }
    let expected = try #require(wholeError)
    #expect(expected.location == .line(7, column: 20))  // the end of the line: cut short
    // Not owning drawing 5: read without error.
    let others = try QuickDrawFormat().decode(
      data, file: "d.ndjson", options: DecodeOptions(), keeping: { $0 != 5 })
    #expect(others.indices == [0, 1, 2, 3, 4, 6, 7])
    // Owning it: the same error as the whole read.
    #expect(throws: expected) {
      _ = try QuickDrawFormat().decode(
        data, file: "d.ndjson", options: DecodeOptions(), keeping: { $0 == 5 })
    }
  }

  @Test(
    "the loader keeps a shard's own drawings, records the file, and never opens another shard's one-drawing file"
  )
  func loaderRecords() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-shard-loader-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let nd = dir.appendingPathComponent("q.ndjson")
    try Self.ndjson(count: 20).write(to: nd)
    let loader = CorpusLoader()
    var seen: [Int] = []
    for i in 1...3 {
      let shard = try ShardSpec(index: i, count: 3)
      var part = CorpusLoader.Result(root: dir.path)
      let record = loader.readShard(nd, name: "q.ndjson", ordinal: 4, shard: shard, into: &part)
      #expect(record.ordinal == 4 && record.outcome == .read && record.partial)
      #expect(record.drawingsInFile == 20 && record.format == "quickdraw")
      #expect(record.drawings == (0..<20).filter { shard.owns(path: "q.ndjson", drawing: $0) })
      #expect(part.drawingIndices == record.drawings)
      #expect(part.drawings.map(\.name) == record.drawings.map { "q.ndjson#k\($0)" })
      seen += record.drawings
    }
    #expect(seen.sorted() == Array(0..<20))
    // A one-drawing format (.sigbench.json) that another shard owns is not opened: a file that
    // does not exist reads as unread, not as skipped.
    let name = "missing.sigbench.json"
    let owner = ShardSpec.bucket(path: name, drawing: 0, count: 3) + 1
    let other = try ShardSpec(index: owner % 3 + 1, count: 3)
    var part = CorpusLoader.Result(root: dir.path)
    let unread = loader.readShard(
      dir.appendingPathComponent(name), name: name, ordinal: 0, shard: other, into: &part)
    #expect(unread.outcome == .unread && part.skipped.isEmpty)
    let mine = loader.readShard(
      dir.appendingPathComponent(name), name: name, ordinal: 0,
      shard: try ShardSpec(index: owner, count: 3), into: &part)
    #expect(mine.outcome == .skipped && mine.note?.contains("cannot be read") == true)
  }

  @Test("only Quick, Draw! and UIM declare several drawings per file")
  func manyDrawingsPerFile() {
    #expect(
      FormatCatalog.all.filter(\.descriptor.manyDrawingsPerFile).map(\.descriptor.id).sorted()
        == ["quickdraw", "uim"])
  }
}
