import Foundation
import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchFormats

/// Compressed INPT chunks of Wacom UIM 3.1 files (descriptor byte 4: 1 ZIP, 2 LZMA): every
/// framing decodes like the uncompressed chunk; corrupt, truncated and oversized payloads give
/// named errors.
struct UIMCompressionTests {
  let format = UIMFormat()
  /// File offset of the INPT payload in a `UIMTestFiles.file31` file: RIFF header (12), HEAD
  /// header and payload (8 + 12), INPT header (8).
  static let inptOffset = 40

  static let compressors: [(String, UInt8, @Sendable ([UInt8]) -> [UInt8]?)] = [
    ("zlib", 1, { TestCompression.deflate($0, framing: .zlib) }),
    ("gzip", 1, { TestCompression.deflate($0, framing: .gzip) }),
    ("raw deflate", 1, { TestCompression.deflate($0, framing: .raw) }),
    ("PKZIP archive", 1, { TestCompression.zipArchive($0) }),
    ("PKZIP archive", 1, { TestCompression.zipArchive($0, deflated: false) }),
    ("xz", 2, { TestCompression.xz($0) }),
    (".lzma (LZMA_Alone)", 2, { TestCompression.lzmaAlone($0) }),
  ]

  @Test(
    "every compressed hand-made fixture decodes like the uncompressed one",
    arguments: UIMFixtures.all.filter { ($0.compression ?? 0) > 0 }.map(\.name))
  func handMadeFixtures(name: String) throws {
    let plain = try format.decode(Data(UIMFormatTests.fixture()), file: "f", options: .init())
    let fixture = try #require(UIMFixtures.all.first { $0.name == name })
    let r = try format.decode(Data(try fixture.bytes()), file: "f", options: .init())
    expectSameInk(plain, r, name)
    let method = fixture.compression == 1 ? "ZIP" : "LZMA"
    #expect(
      r.drawings.first?.metadata.notes.contains { $0.contains("\(method)-compressed") } == true)
  }

  /// Each corpus file with its INPT chunk compressed in every framing decodes exactly like the
  /// file as it is.
  @Test(.enabled(if: corpusFolder("wacom-uim") != nil)) func corpusFilesCompressed() throws {
    for url in corpusFiles("wacom-uim", suffix: ".uim") {
      let original = [UInt8](try Data(contentsOf: url))
      let name = url.lastPathComponent
      let plain = try format.decode(Data(original), file: name, options: .init())
      for (framing, method, compress) in Self.compressors {
        let file = try UIMTestFiles.recompressed31(original, method: method, compress)
        #expect(file.count < original.count || framing == "PKZIP archive", "\(name) \(framing)")
        let r = try format.decode(Data(file), file: name, options: .init())
        expectSameInk(plain, r, "\(name) \(framing)")
        #expect(r.drawings[0].metadata.notes.contains { $0.contains("(\(framing),") })
      }
    }
  }

  func compressedError(
    _ payload: [UInt8]?, method: UInt8 = 1, options: DecodeOptions = .init(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> FormatError? {
    let file = UIMTestFiles.file31(payload: payload ?? [], compression: method)
    let e = decodeError(
      format, Data(file), file: "c.uim", options: options, sourceLocation: sourceLocation)
    #expect(e?.file == "c.uim", sourceLocation: sourceLocation)
    return e
  }

  func expectInsidePayload(
    _ e: FormatError?, _ size: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard case .byte(let at) = e?.location else {
      Issue.record("no byte offset: \(String(describing: e))", sourceLocation: sourceLocation)
      return
    }
    #expect(
      at >= Self.inptOffset && at <= Self.inptOffset + size, "\(at)",
      sourceLocation: sourceLocation)
  }

  @Test func corruptAndTruncatedPayloadsGiveNamedErrors() throws {
    let input = UIMTestFiles.inputData()
    let zlib = try #require(TestCompression.deflate(input, framing: .zlib))
    var flipped = zlib
    flipped[zlib.count / 2] ^= 0x55
    let corrupt = compressedError(flipped)
    #expect(corrupt?.kind == .malformed && corrupt?.field == "INPT ZIP payload")
    // A flipped byte either breaks the code or the Adler-32, or leaves the stream unfinished.
    #expect(corrupt?.rule.hasSuffix("zlib stream") == true)
    expectInsidePayload(corrupt, zlib.count)
    let cut = compressedError(Array(zlib.prefix(zlib.count - 5)))
    #expect(
      cut?.rule == "must be a complete zlib stream" && cut?.value.hasPrefix("cut off") == true)
    let trailing = compressedError(zlib + [1, 2, 3])
    #expect(trailing?.rule == "must end where its zlib stream ends")
    #expect(trailing?.value == "3 trailing byte(s)" && trailing?.location == .byte(40 + zlib.count))
    let empty = compressedError([])
    #expect(empty?.field == "INPT ZIP payload" && empty?.rule == "must not be empty")

    let xz = try #require(TestCompression.xz(input))
    var xzFlipped = xz
    xzFlipped[xz.count / 2] ^= 0x55
    let xzCorrupt = compressedError(xzFlipped, method: 2)
    #expect(xzCorrupt?.field == "INPT LZMA payload" && xzCorrupt?.kind == .malformed)
    expectInsidePayload(xzCorrupt, xz.count)
    let xzCut = compressedError(Array(xz.prefix(xz.count - 7)), method: 2)
    #expect(xzCut?.rule == "must be a complete LZMA stream")
    let notXZ = compressedError([0xFD] + [UInt8](1...23), method: 2)
    #expect(
      notXZ?.rule == "must be an .xz or .lzma stream" && notXZ?.location == .byte(40),
      "\(String(describing: notXZ))")
  }

  @Test func zipArchiveEntriesAreChecked() throws {
    let input = UIMTestFiles.inputData()
    let zip = try #require(TestCompression.zipArchive(input))
    var encrypted = zip
    encrypted[6] = 1
    let e = compressedError(encrypted)
    #expect(e?.kind == .unsupportedVersion && e?.field == "INPT ZIP payload ZIP entry flags")
    #expect(e?.location == .byte(40 + 6))
    var method = zip
    method[8] = 14  // LZMA inside ZIP
    let m = compressedError(method)
    #expect(m?.field == "INPT ZIP payload ZIP entry method" && m?.value == "14")
    var crc = zip
    crc[14] ^= 0xFF
    let c = compressedError(crc)
    #expect(c?.field == "INPT ZIP payload ZIP entry CRC-32" && c?.location == .byte(40 + 14))
    let header = compressedError(Array(zip.prefix(20)))
    #expect(header?.field == "INPT ZIP payload ZIP local header")
  }

  /// A valid stream whose content is not protobuf: the error names the chunk's file offset and
  /// the offset inside the decompressed payload.
  @Test func errorsInsideTheDecompressedPayloadNameBothPlaces() throws {
    let e = compressedError(TestCompression.deflate([0x0F, 0xFF], framing: .zlib))
    #expect(e?.field == "InputData tag" && e?.kind == .malformed)
    #expect(e?.location == .path("INPT chunk at byte 40, ZIP-decompressed byte 0"))
  }

  /// Decompression bombs stop at `maxFileBytes` with a named limit error, whatever the framing;
  /// the default limit holds too.
  @Test func decompressionBombsStopAtTheLimit() throws {
    let limit = DecodeOptions().maxFileBytes
    let zeros = [UInt8](repeating: 0, count: limit + (1 << 20))
    let bomb = try #require(TestCompression.deflate(zeros, framing: .zlib))
    #expect(bomb.count < limit / 100)
    let e = compressedError(bomb)
    #expect(e?.kind == .limitExceeded && e?.field == "INPT ZIP payload")
    #expect(e?.rule == "must decompress to at most \(limit) bytes (limit maxFileBytes)")
    #expect(e?.value == "more than \(limit) bytes" && e?.location == .byte(40))

    var small = DecodeOptions()
    small.maxFileBytes = 1 << 20
    let fourMiB = [UInt8](repeating: 7, count: 4 << 20)
    // A stored ZIP entry is in the file itself, so the file-size limit catches it first.
    for (framing, method, compress) in Self.compressors {
      let payload = try #require(compress(fourMiB))
      guard payload.count < 1 << 20 else { continue }
      let s = compressedError(payload, method: method, options: small)
      #expect(s?.kind == .limitExceeded && s?.field.hasPrefix("INPT") == true, "\(framing)")
      #expect(
        s?.rule.contains("at most \(1 << 20) bytes (limit maxFileBytes)") == true, "\(framing)")
    }
    // An .lzma header asking for a 1.5 GiB dictionary is refused before any allocation.
    let header: [UInt8] = [0x5D, 0, 0, 0, 0x60] + [UInt8](repeating: 0xFF, count: 8) + [0, 0, 0]
    let memory = compressedError(header, method: 2)
    #expect(memory?.kind == .limitExceeded && memory?.rule.contains("decoder memory") == true)
  }
}
