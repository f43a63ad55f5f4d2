import Foundation
import SigbenchCore
import SigbenchFiles
import SigbenchRun
import Testing

/// Files sigbench reads back are capped before they are read (#43, item 7): a huge or sparse
/// `result.json` or baseline is refused naming its size and the limit, never read into memory.
@Suite("bounded reads of results and baselines")
struct BoundedReadTests {
  /// A sparse file of `bytes` bytes at `url` (no disk space used).
  static func sparse(_ url: URL, bytes: UInt64) throws {
    _ = FileManager.default.createFile(atPath: url.path, contents: Data("{".utf8))
    let h = try FileHandle(forWritingTo: url)
    try h.truncate(atOffset: bytes)
    try h.close()
  }

  @Test("a result.json over 1 GiB and a baseline over 64 MiB are refused unread")
  func refused() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-bounded-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    let run = dir.appendingPathComponent("run")
    try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
    try Self.sparse(
      run.appendingPathComponent("result.json"),
      bytes: UInt64(InputEnvelope.resultFileBytes.value) + 1)
    do {
      _ = try LoadedRun.load(run.path)
      Issue.record("a 1 GiB result.json was read")
    } catch {
      #expect(error.message.contains("more than the 1073741824 bytes"), "\(error)")
    }
    let baselines = dir.appendingPathComponent("out/baselines")
    try FileManager.default.createDirectory(at: baselines, withIntermediateDirectories: true)
    try Self.sparse(
      baselines.appendingPathComponent("big.json"),
      bytes: UInt64(InputEnvelope.baselineFileBytes.value) + 1)
    do {
      _ = try GateInputs.baseline("big", out: dir.appendingPathComponent("out").path)
      Issue.record("a 64 MiB baseline was read")
    } catch {
      #expect(error.message.contains("more than the 67108864 bytes"), "\(error)")
    }
    // Within the limit the read goes on (and here fails as JSON, not as a size).
    let small = dir.appendingPathComponent("small.json")
    try Data("{}".utf8).write(to: small)
    #expect(try BoundedRead.data(small, limit: 2) == Data("{}".utf8))
    #expect(throws: FileReadError.self) { try BoundedRead.data(small, limit: 1) }
  }
}
