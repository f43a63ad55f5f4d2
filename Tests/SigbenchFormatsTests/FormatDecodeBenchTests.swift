import Foundation
import SigbenchBench
import SigbenchCore
import SigbenchReport
import SigbenchTestSupport
import Testing

@testable import SigbenchFormats

/// The decode bench's inputs and figures (never its speed: performance is not unit-tested).
struct FormatDecodeBenchTests {
  func nativeFiles(_ count: Int, seed: UInt64) throws -> [FormatDecodeBenchInputs.File] {
    var rng = SplitMix64(seed: seed)
    return try (0..<count).map {
      let d = randomDrawing(&rng, name: "d\($0)")
      return .init(name: "d\($0).sigbench.json", data: try NativeFormat().encode(d))
    }
  }

  @Test func writableFormatsAndIAMGetEncodedInput() throws {
    let seed = propertySeed()
    let files = try nativeFiles(4, seed: seed)
    let junk = FormatDecodeBenchInputs.File(name: "notes.bin", data: Data([1, 2, 3]))
    let inputs = FormatDecodeBenchInputs(files: files + [junk])
    #expect(inputs.unclaimed == ["notes.bin"])
    #expect(
      inputs.groups.map(\.id) == ["native", "inkml", "iam-ondb", "signature-pad", "sbi"],
      "seed \(seed)")
    #expect(
      inputs.groups.map(\.origin) == ["files+encoded"] + Array(repeating: "encoded", count: 4))
    #expect(
      inputs.withoutInput == [
        "bdalab-svc", "svc2004", "quickdraw-raw", "quickdraw-simplified", "uim",
      ])
    #expect(inputs.groups[0].files.count == 8)
    let result = FormatDecodeBench.run(inputs, timer: QuickHarness.timer)
    let inkSamples = files.reduce(0) {
      $0
        + (try! NativeFormat().decode($1.data, file: "", options: .init())).drawings[0].strokes
        .reduce(0) { $0 + $1.samples.count }
    }
    for row in result.rows {
      #expect(row.failures.isEmpty, "\(row.id) seed \(seed): \(row.failures)")
      #expect(
        row.bytes == inputs.groups.first { $0.id == row.id }!.files.reduce(0) { $0 + $1.data.count }
      )
      #expect(row.medianSeconds > 0 && row.megabytesPerSecond.isFinite && row.nsPerSample > 0)
      #expect(row.met == row.targetMegabytesPerSecond.map { row.megabytesPerSecond >= $0 })
    }
    let iam = try #require(result.rows.first { $0.id == "iam-ondb" })
    #expect(iam.samples == inkSamples, "the synthesised IAM lines hold every ink sample")
    #expect(FormatTables.decodeBench(result).split(separator: "\n").count == result.rows.count + 3)
    #expect(FormatTables.decodeBench(result).contains("no input: bdalab-svc"))
  }

  @Test func targetsFollowTheIssue() {
    #expect(FormatDecodeBench.target(forRow: "sbi") == 200)
    #expect(FormatDecodeBench.target(forRow: "quickdraw-raw") == 20)
    #expect(FormatDecodeBench.target(forRow: "svc2004") == 20)
    #expect(FormatDecodeBench.target(forRow: "inkml") == 7)
    #expect(FormatDecodeBench.target(forRow: "native") == nil)
  }
}
