import Foundation
import SigbenchFiles
import SigbenchResults
import Testing

@Suite("leftover sweep and cleanup registry")
struct LeftoverSweepTests {
  /// A process id that is not running: a child that has exited and been reaped.
  static func deadPID() throws -> Int32 {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/bin/true")
    try p.run()
    p.waitUntilExit()
    return p.processIdentifier
  }

  @Test("names: partial folders, temporary files and scratch folders carry their process id")
  func names() {
    #expect(LeftoverSweep.leftoverPID(".20261201-130703-30895.partial") == 30895)
    #expect(LeftoverSweep.leftoverPID(".result.json.tmp-412") == 412)
    #expect(LeftoverSweep.leftoverPID(".latest.tmp-77") == 77)
    #expect(LeftoverSweep.leftoverPID("result.json") == nil)
    #expect(LeftoverSweep.leftoverPID(".hidden") == nil)
    #expect(LeftoverSweep.scratchPID("sigbench-bench-4242-0D882E61") == 4242)
    #expect(LeftoverSweep.scratchPID("sigbench-gate-17-ABCDEF12") == 17)
    #expect(LeftoverSweep.scratchPID("sigbench-selftest.AbC123") == nil)
    #expect(LeftoverSweep.scratchPID("sigbench-capture-profile-x1") == nil)
    #expect(LeftoverSweep.scratchPID("sigbench-gate_-0000004242-0D882E61") == 4242)
    // `run`'s timing spool (a killed run's spool was once left behind: the kind was unknown).
    #expect(LeftoverSweep.scratchPID("sigbench-spool-0000021159-DC659881") == 21159)
    for kind in LeftoverSweep.ScratchKind.allCases {
      #expect(LeftoverSweep.scratchPID("sigbench-\(kind.padded)-0000000042-0123ABCD") == 42)
    }
    // Another program's folder named with a UUID whose groups happen to be digits.
    #expect(LeftoverSweep.scratchPID("sigbench-e2e-2B470003-6150-4270-ACE8-D6070E45D861") == nil)
    #expect(LeftoverSweep.scratchPID("sigbench-e2e-1234-ABCDEF12") == nil)
  }

  @Test("leftovers of dead processes go, those of live ones and finished runs stay")
  func sweep() throws {
    let fm = FileManager.default
    let base = fm.temporaryDirectory.appendingPathComponent(
      "sigbench-sweeptest.\(UUID().uuidString)")
    defer { try? fm.removeItem(at: base) }
    let out = base.appendingPathComponent("out")
    let tmp = base.appendingPathComponent("tmp")
    let dead = try Self.deadPID()
    let live = getpid() == 1 ? Int32(2) : getppid()
    let deadItems = [
      "out/runs/.20261201-000000-\(dead).partial/img/x.png",
      "out/.latest.tmp-\(dead)",
      "out/baselines/.B.json.tmp-\(dead)",
      "out/gates/20261201-000000-1/.gate.json.tmp-\(dead)",
      "tmp/sigbench-bench-\(dead)-0D882E61/worker-0.json",
    ]
    let keptItems = [
      "out/runs/.20261201-000000-\(live).partial/img/x.png",
      "out/runs/20261201-000000-\(dead)/result.json",
      "out/baselines/B.json",
      "out/baselines/.lock",
      "tmp/sigbench-gate-\(live)-ABCDEF12/x",
      "tmp/other-\(dead)-x/y",
    ]
    for item in deadItems + keptItems {
      let url = base.appendingPathComponent(item)
      try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data("x".utf8).write(to: url)
    }
    let removed = LeftoverSweep.sweep(out: out, temporary: tmp)
    #expect(removed.count == deadItems.count, "\(removed)")
    #expect(removed.allSatisfy { $0.pid == dead })
    for item in deadItems {
      let top = base.appendingPathComponent(item)
      // The leftover itself (a folder or a file) is gone.
      #expect(!fm.fileExists(atPath: top.path), "\(item) survived")
    }
    for item in keptItems {
      #expect(fm.fileExists(atPath: base.appendingPathComponent(item).path), "\(item) removed")
    }
  }

  @Test("the registry removes what is registered and nothing else")
  func registry() throws {
    let fm = FileManager.default
    let base = fm.temporaryDirectory.appendingPathComponent("sigbench-regtest.\(UUID().uuidString)")
    defer { try? fm.removeItem(at: base) }
    let partial = base.appendingPathComponent("partial")
    let done = base.appendingPathComponent("done")
    try fm.createDirectory(at: partial, withIntermediateDirectories: true)
    try fm.createDirectory(at: done, withIntermediateDirectories: true)
    CleanupRegistry.register(partial)
    CleanupRegistry.register(done)
    CleanupRegistry.unregister(done)
    #expect(CleanupRegistry.registeredPaths.contains(partial.path))
    #expect(!CleanupRegistry.registeredPaths.contains(done.path))
    CleanupRegistry.unregister(partial)
  }

  @Test("a file lock serialises read-modify-writes across threads")
  func fileLock() throws {
    let fm = FileManager.default
    let base = fm.temporaryDirectory.appendingPathComponent(
      "sigbench-locktest.\(UUID().uuidString)")
    defer { try? fm.removeItem(at: base) }
    try AtomicFiles.createFolder(base)
    let counter = base.appendingPathComponent("n")
    try AtomicFiles.write(Data("0".utf8), to: counter)
    let lock = base.appendingPathComponent(".lock")
    DispatchQueue.concurrentPerform(iterations: 40) { _ in
      _ = try? FileLock.withLock(lock) {
        let n = Int(String(decoding: try Data(contentsOf: counter), as: UTF8.self)) ?? -1000
        usleep(200)
        try AtomicFiles.write(Data(String(n + 1).utf8), to: counter)
      }
    }
    #expect(String(decoding: try Data(contentsOf: counter), as: UTF8.self) == "40")
  }
}
