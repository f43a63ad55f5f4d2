import Foundation
import SigbenchResults

@testable import SigbenchHistory

/// Result files for the history tests: the version 1 files committed under
/// `Tests/SigbenchResultsTests/Fixtures/` (written before the results schema changed), and
/// variants of them with other start times (distinct runs).
enum HistoryFixtures {
  static let legacy = packageRoot.appendingPathComponent("Tests/SigbenchResultsTests/Fixtures")

  /// The folder holding Package.swift, found upwards from this file.
  static var packageRoot: URL {
    var url = URL(fileURLWithPath: #filePath)
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
        return url
      }
    }
    return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
  }

  static func v1Bench() throws -> Data {
    try Data(contentsOf: legacy.appendingPathComponent("v1-bench.json"))
  }

  static func v1Run() throws -> Data {
    try Data(contentsOf: legacy.appendingPathComponent("v1-run/result.json"))
  }

  /// A current-schema `bench.json` whose run started `minutes` after the fixture's and whose
  /// figures are scaled by `scale` (a different run with different content).
  static func bench(minutes: Int, scale: Double = 1) throws -> BenchReport {
    var b = try BenchReport.decode(try v1Bench())
    let start = ISO8601DateFormatter().date(from: b.createdAt)!
    b.createdAt = ISO8601DateFormatter().string(
      from: start.addingTimeInterval(Double(minutes) * 60))
    for i in b.figures.indices {
      if var batched = b.figures[i].batched {
        batched.p50 *= scale
        b.figures[i].batched = batched
      }
    }
    return b
  }

  /// A fresh temporary folder. Not named `sigbench-…-<number>-…`: the binary's leftover sweep
  /// (`LeftoverSweep`) takes such names for a dead process's scratch folder and removes them.
  static func folder(_ name: String) throws -> URL {
    let tag = UUID().uuidString.replacingOccurrences(of: "-", with: "")
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "history_test_\(name)_\(tag)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Writes `count` distinct bench folders `<dir>/bench/<i>/bench.json`, starting at `first`.
  static func writeBenches(_ count: Int, first: Int = 0, in dir: URL) throws {
    for i in first..<(first + count) {
      let f = dir.appendingPathComponent("bench/\(i)")
      try FileManager.default.createDirectory(at: f, withIntermediateDirectories: true)
      try bench(minutes: i).encoded().write(to: f.appendingPathComponent("bench.json"))
    }
  }

  /// The built `sigbench` binary (next to the test bundle), as the end-to-end tests find it.
  static var binary: URL {
    if let p = ProcessInfo.processInfo.environment["SIGBENCH_BIN"] {
      return URL(fileURLWithPath: p)
    }
    let dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidate = dir.appendingPathComponent("sigbench")
    if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
    return packageRoot.appendingPathComponent(".build/debug/sigbench")
  }

  /// Starts the binary with `args`, output discarded.
  static func start(_ args: [String]) throws -> Process {
    let p = Process()
    p.executableURL = binary
    p.arguments = args
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    try p.run()
    return p
  }

  /// Runs the binary with `args` to the end: exit status and standard error.
  static func run(_ args: [String]) throws -> (code: Int32, stderr: String) {
    let p = Process()
    p.executableURL = binary
    p.arguments = args
    let err = Pipe()
    p.standardOutput = FileHandle.nullDevice
    p.standardError = err
    try p.run()
    let e = err.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return (p.terminationStatus, String(decoding: e, as: UTF8.self))
  }
}
