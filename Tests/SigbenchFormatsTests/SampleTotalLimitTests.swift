import Foundation
import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchFormats

/// The per-file total-samples limit (`DecodeOptions.maxSamplesPerFile`, hover included), from
/// issue 16's reproduction: 32 strokes × 1,000,000 samples in one 64 MB `.sbi` were within every
/// per-stroke and stroke-count limit and took 15 GB. Scaled down to a file just over the limit.
@Suite("samples per file limit")
struct SampleTotalLimitTests {
  /// An unsigned LEB128 varint (the reproduction's 3-byte form for 1,000,000).
  static func varint3(_ n: Int) -> [UInt8] {
    var out: [UInt8] = []
    var v = n
    repeat {
      out.append(UInt8(v & 127) | (v > 127 ? 128 : 0))
      v >>= 7
    } while v > 0
    return out
  }

  /// An `.sbi` file with `ink` and `hover` traces of the given lengths, x and y only (the
  /// reproduction's layout: x steps +1 then −1, y still).
  static func sbi(ink: [Int], hover: [Int] = []) -> Data {
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

  @Test(
    "a file at 2,000,000 samples is read; one more sample (in hover) is rejected naming the limit")
  func justOverTheDefaultLimit() throws {
    #expect(DecodeOptions().maxSamplesPerFile == 2_000_000)
    let format = BinaryFormat()
    let at = try format.decode(
      SampleTotalLimitTests.sbi(ink: [1_000_000], hover: [1_000_000]), file: "at.sbi",
      options: DecodeOptions())
    #expect(at.drawings.first?.sampleCount == 1_000_000)
    let e = decodeError(
      format, SampleTotalLimitTests.sbi(ink: [1_000_000], hover: [999_999, 2]), file: "big.sbi")
    #expect(e?.kind == .limitExceeded)
    #expect(e?.field == "samples")
    #expect(e?.rule.contains("limit maxSamplesPerFile") == true)
    #expect(e?.rule.contains("hover included") == true)
    #expect(e?.value == "at least 2000001")
    #expect(e?.description.contains("big.sbi") == true)
  }

  @Test("the issue's layout (many strokes each within the stroke limit) is rejected early")
  func manyStrokesWithinTheStrokeLimit() {
    var options = DecodeOptions()
    options.maxSamplesPerFile = 2_500
    let e = decodeError(
      BinaryFormat(), SampleTotalLimitTests.sbi(ink: Array(repeating: 1_000, count: 32)),
      options: options)
    #expect(e?.kind == .limitExceeded)
    #expect(e?.value == "at least 3000")
  }

  @Test("text readers count stroke by stroke too (SVC2004)")
  func textReaders() {
    var options = DecodeOptions()
    options.maxSamplesPerFile = 3
    let svc = "4\n1 2 10 1\n2 3 20 1\n3 4 30 1\n4 5 40 1\n"
    let e = decodeError(SVC2004Format(), svc, options: options)
    #expect(e?.kind == .limitExceeded)
    #expect(e?.rule.contains("limit maxSamplesPerFile") == true)
    // Counted while the table is read: the error names the line of the first row past the
    // limit (#43, item 4), not line 2 after the whole table was parsed.
    #expect(e?.location == .line(5), "\(String(describing: e))")
    #expect(e?.value == "at least 4")
    let bdalab = "3\n1 2 10 1 0 0 0.5\n2 3 20 0 0 0 0.5\n3 4 30 0 0 0 0.5\n"
    options.maxSamplesPerFile = 2
    let b = decodeError(BDALabFormat(), bdalab, options: options)
    #expect(b?.kind == .limitExceeded && b?.location == .line(4), "\(String(describing: b))")
    options.maxSamplesPerFile = 4
    #expect((try? SVC2004Format().decode(Data(svc.utf8), file: "f", options: options)) != nil)
  }

  @Test("the corpus loader holds the limit over all drawings of a file")
  func loaderRejects() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sigbench-limit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try SampleTotalLimitTests.sbi(ink: [600, 600]).write(to: dir.appendingPathComponent("a.sbi"))
    var options = DecodeOptions()
    options.maxSamplesPerFile = 1_000
    let r = try CorpusLoader(options: options).load(dir)
    #expect(r.drawings.isEmpty)
    #expect(r.rejected.first?.rule.contains("maxSamplesPerFile") == true)
    options.maxSamplesPerFile = 1_200
    #expect(try CorpusLoader(options: options).load(dir).drawings.count == 1)
  }
}
