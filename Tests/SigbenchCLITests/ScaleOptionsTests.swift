import Foundation
import SigbenchResults
import SigbenchTestSupport
import Testing

/// Issue 16, items 1, 3 and 5 through the binary: `--jobs` and `--no-render` checked before any
/// work, a run without pictures, `info` on a file over the total-samples limit, and `--quiet`.
@Suite("scale options", .serialized)
struct ScaleOptionsTests {
  static let corpus = packageRootURL().appendingPathComponent("Corpus/fixtures").path

  @Test(
    "bad --jobs values are usage errors (64) before any work",
    arguments: ["0", "banana", "257", "-2"])
  func jobs(_ value: String) throws {
    let (r, seconds, written) = try OptionValidationTests.attempt([
      "run", "--corpus", Self.corpus, "--jobs", value,
    ])
    #expect(r.code == 64, "\(r.stderr)")
    #expect(r.stderr.contains("--jobs") && r.stderr.contains("Usage:"))
    #expect(written.isEmpty, "\(written)")
    #expect(seconds < 5)
  }

  @Test("--no-render with --compare-run is a usage error before any work")
  func noRenderCompare() throws {
    let (r, _, written) = try OptionValidationTests.attempt([
      "run", "--corpus", Self.corpus, "--no-render", "--compare-run", "/nonexistent",
    ])
    #expect(r.code == 64, "\(r.stderr)")
    #expect(r.stderr.contains("--no-render"))
    #expect(written.isEmpty)
  }

  @Test(
    "run --no-render --jobs 1 --quiet: no pictures, no sample pages, a sheet, nothing on stderr but the debug warning"
  )
  func noRender() throws {
    let out = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: out) }
    let r = try EndToEndTests.run([
      "run", "--corpus", Self.corpus + "/tap.sigbench.json", "--strategies", "straight",
      "--no-counters", "--no-render", "--jobs", "1", "--quiet", "--out", out.path,
    ])
    #expect(r.code == 0, "\(r.stderr)")
    let lines = r.stderr.split(separator: "\n").filter {
      !$0.hasPrefix("warning: this is a debug build")
    }
    #expect(lines.isEmpty, "\(lines)")
    let latest = out.appendingPathComponent("latest")
    let files = FileManager.default.subpaths(atPath: latest.resolvingSymlinksInPath().path) ?? []
    #expect(files.contains("index.html") && files.contains("result.json"))
    #expect(!files.contains { $0.hasSuffix(".png") }, "\(files)")
    #expect(!files.contains { $0.hasPrefix("samples/") }, "\(files)")
    let result = try RunResult.decode(
      Data(contentsOf: latest.appendingPathComponent("result.json")))
    #expect(result.quality != nil)
    #expect(result.samples.count == 1)
  }

  @Test("info on a file just over 2,000,000 samples (hover included) is rejected naming the limit")
  func infoOverTheLimit() throws {
    let dir = try EndToEndTests.tempFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let file = dir.appendingPathComponent("big.sbi")
    try ScaleOptionsTests.sbi(ink: [1_000_000], hover: [1_000_000, 1]).write(to: file)
    let r = try EndToEndTests.run(["info", file.path])
    #expect(r.code == 4, "\(r.stderr)")
    #expect(r.stderr.contains("limit maxSamplesPerFile"), "\(r.stderr)")
    #expect(r.stderr.contains("big.sbi"))
  }

  /// The reproduction's `.sbi` layout (see SampleTotalLimitTests).
  static func sbi(ink: [Int], hover: [Int] = []) -> Data {
    /// An unsigned LEB128 varint (the reproduction's 3-byte form for 1,000,000).
    func varint3(_ n: Int) -> [UInt8] {
      var out: [UInt8] = []
      var v = n
      repeat {
        out.append(UInt8(v & 127) | (v > 127 ? 128 : 0))
        v >>= 7
      } while v > 0
      return out
    }
    var b: [UInt8] = Array("SBIK".utf8) + [1, 0]
    for q in [1.0 / 64, 1.0 / 64, 1e-6, 1.0 / 4096, 1, 1] {
      withUnsafeBytes(of: q.bitPattern.littleEndian) { b += $0 }
    }
    b += [0, 6] + Array("css-px".utf8) + [0]
    b += [UInt8(ink.count), UInt8(hover.count)]
    for n in ink + hover {
      b += varint3(n) + [0, 0]
      b += [UInt8](repeating: 2, count: n / 2) + [UInt8](repeating: 1, count: n - n / 2)
      b += [UInt8](repeating: 0, count: n)
    }
    return Data(b)
  }
}
