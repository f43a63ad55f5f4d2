import Foundation
import SigbenchFiles
import SigbenchResults
import Testing

@Suite("system error text")
struct SystemErrorTextTests {
  @Test("a Foundation file error reads as path and system reason")
  func foundationError() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-errtext-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: base) }
    try AtomicFiles.createFolder(base)
    let file = base.appendingPathComponent("f")
    try Data("x".utf8).write(to: file)
    do {
      try Data("y".utf8).write(to: file.appendingPathComponent("g"))
      Issue.record("writing under a file succeeded")
    } catch {
      let text = SystemErrorText.describe(error)
      #expect(text == "\(file.path)/g: Not a directory", "\(text)")
      #expect(SystemErrorText.reason(error) == "Not a directory")
    }
    #expect(SystemErrorText.describe(POSIXError(.ENOSPC)) == "No space left on device")
  }

  @Test("atomic writes name the file and the reason")
  func atomicWrite() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-errtext-aw-\(ProcessInfo.processInfo.processIdentifier)")
    defer { try? FileManager.default.removeItem(at: base) }
    try AtomicFiles.createFolder(base)
    let dir = base.appendingPathComponent("d")
    try AtomicFiles.createFolder(dir)
    #expect(throws: FileWriteError.self) { try AtomicFiles.write(Data(), to: dir) }
    do {
      // The target is a folder: the rename fails and names both paths.
      try AtomicFiles.write(Data("x".utf8), to: dir)
    } catch {
      let text = SystemErrorText.describe(error)
      #expect(text.contains(dir.path) && text.contains("Is a directory"), "\(text)")
    }
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: base.path)
    #expect(leftovers == ["d"], "temporary file left behind: \(leftovers)")
  }
}
