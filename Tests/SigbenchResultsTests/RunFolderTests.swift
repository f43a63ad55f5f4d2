import Foundation
import SigbenchFiles
import SigbenchResults
import Testing

@Suite("run folder, atomic files, typed warnings")
struct RunFolderTests {
  @Test("a run is built under .partial and appears whole, with latest pointing at it")
  func partialThenFinal() throws {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-runfolder-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: out) }
    let folder = RunFolder(out: out, runID: "20260101-000000-1")
    try folder.begin()
    try AtomicFiles.write(Data("x".utf8), to: folder.partial.appendingPathComponent("a.txt"))
    #expect(!FileManager.default.fileExists(atPath: folder.final.path))
    try folder.commit()
    #expect(!FileManager.default.fileExists(atPath: folder.partial.path))
    let viaLatest = folder.latest.appendingPathComponent("a.txt")
    #expect(try String(contentsOf: viaLatest, encoding: .utf8) == "x")
  }

  @Test("slugs keep safe characters and fold every other run into one underscore")
  func slug() {
    #expect(RunFolder.slug("catmull-rom(width=pressure)") == "catmull-rom_width_pressure_")
    #expect(RunFolder.slug("a b/c.png") == "a_b_c.png")
    #expect(RunFolder.slug(String(repeating: "x", count: 200)).count == 80)
  }

  @Test("legacy warning sentences get their kind, strategy and lane")
  func legacyWarnings() {
    let w = ResultWarning(
      legacy: "uber-weighted [smooth+raster]: warm-up did not settle within 1 % after 8 passes")
    #expect(w.kind == .warmupUnsettled)
    #expect(w.strategy == "uber-weighted" && w.lane == .smoothRaster)
    #expect(ResultWarning(legacy: "something new").kind == .other)
    #expect(ResultWarning(legacy: "debug build: every figure is marked").kind == .debugBuild)
  }

  @Test("raw series are bounded and count what they leave out")
  func thinned() {
    var r = PointRecord()
    for i in 0..<1000 {
      r.ns.append(Double(i))
      r.index.append(Int32(i))
      r.length.append(1000)
      r.stroke.append(0)
    }
    let s = RawSeries(strategy: "s", lane: .smooth, passes: [r], finishes: [[1]], batched: [[2]])
    #expect(s.rowCount == 1002)
    let t = s.thinned(maxRows: 100)
    #expect(t.rowCount <= 100)
    #expect(t.rowCount + t.rowsLeftOut == 1002)
    #expect(s.thinned(maxRows: 5000) == s)
  }
}
