import Foundation
import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchFormats

/// Expects two decodes of the same ink to agree on everything but the container: drawing
/// names, strokes and hover traces (every sample value and attribute), device, units, rate,
/// and the warning messages.
func expectSameInk(
  _ a: DecodeResult, _ b: DecodeResult, _ label: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(a.drawings.count == b.drawings.count, "\(label)", sourceLocation: sourceLocation)
  for (x, y) in zip(a.drawings, b.drawings) {
    #expect(x.name == y.name, "\(label)", sourceLocation: sourceLocation)
    #expect(x.strokes == y.strokes, "\(label) \(x.name)", sourceLocation: sourceLocation)
    #expect(x.hover == y.hover, "\(label) \(x.name)", sourceLocation: sourceLocation)
    #expect(x.metadata.device == y.metadata.device, "\(label)", sourceLocation: sourceLocation)
    #expect(
      x.metadata.sampleRate == y.metadata.sampleRate, "\(label)", sourceLocation: sourceLocation)
    #expect(
      x.metadata.nativeUnits == y.metadata.nativeUnits, "\(label)", sourceLocation: sourceLocation)
  }
  #expect(
    a.warnings.map(\.message) == b.warnings.map(\.message), "\(label)",
    sourceLocation: sourceLocation)
}

/// Wacom UIM 3.0 (`DATA` chunk with an `InkObject`): built from the same
/// input data as 3.1 files, it must decode to the same ink.
struct UIM30Tests {
  let format = UIMFormat()

  static func fixture(_ name: String) throws -> Data {
    Data(try #require(UIMFixtures.all.first { $0.name == name }).bytes())
  }

  @Test func handMadeFileDecodesLikeItsThreeOneTwin() throws {
    let v31 = try format.decode(try Self.fixture("uim-two-runs"), file: "two", options: .init())
    #expect(v31.drawings.first?.strokes.count == 1 && v31.drawings.first?.hover.count == 1)
    // Split over two InputData occurrences (merged), and with a 4-byte HEAD.
    for name in ["uim30-two-runs", "uim30-head4-two-runs"] {
      let v30 = try format.decode(try Self.fixture(name), file: "two", options: .init())
      expectSameInk(v31, v30, name)
      let metadata = try #require(v30.drawings.first?.metadata)
      #expect(metadata.source == "Wacom Universal Ink Model 3.0.0")
      #expect(metadata.notes.contains { $0.contains("InkObject (UIM 3.0)") })
      #expect(v31.drawings.first?.metadata.source == "Wacom Universal Ink Model 3.1.0")
    }
  }

  /// Each corpus file's INPT transcoded to the 3.0 schema (string ids, wrapped sampling rate)
  /// inside an InkObject decodes to exactly the ink of the original 3.1 file.
  @Test(.enabled(if: corpusFolder("wacom-uim") != nil)) func corpusFilesAsThreeZeroDecodeAlike()
    throws
  {
    let files = corpusFiles("wacom-uim", suffix: ".uim")
    #expect(files.count == 3)
    for url in files {
      let original = [UInt8](try Data(contentsOf: url))
      let name = url.lastPathComponent
      let v31 = try format.decode(Data(original), file: name, options: .init())
      let file30 = try UIMTestFiles.file30(inputData: [UIMTestFiles.inputData(of: original)])
      #expect(FormatCatalog.reader(forFileName: name, data: Data(file30))?.descriptor.id == "uim")
      let v30 = try format.decode(Data(file30), file: name, options: .init())
      #expect(v31.drawings.reduce(0) { $0 + $1.sampleCount } > 0)
      expectSameInk(v31, v30, name)
    }
  }

  @Test func dataChunkMustOccurExactlyOnce() {
    let input = UIMTestFiles.inputData()
    let none = RIFFWriter.file(form: "UINK", chunks: [("HEAD", [3, 0, 0]), ("PRPS", [0, 0])])
    let e0 = decodeError(format, Data(none), file: "none.uim")
    #expect(e0?.field == "DATA" && e0?.value == "0 DATA chunk(s)" && e0?.kind == .malformed)
    let two = RIFFWriter.file(
      form: "UINK", chunks: [("HEAD", [3, 0, 0]), ("DATA", input), ("DATA", input)])
    let e2 = decodeError(format, Data(two), file: "two.uim")
    #expect(e2?.field == "DATA" && e2?.value == "2 DATA chunk(s)")
    // The second DATA chunk: 12 + HEAD (8 + 4) + DATA header and payload + its header.
    #expect(e2?.location == .byte(24 + 8 + input.count + (input.count & 1) + 8))
    let short = RIFFWriter.file(form: "UINK", chunks: [("HEAD", [3, 0]), ("DATA", input)])
    #expect(decodeError(format, Data(short), file: "short.uim")?.field == "HEAD")
  }

  /// 3.0 identifiers are strings and show as such in errors; a 3.1-style plain varint where
  /// 3.0 has a `Uint32` message is a named error.
  @Test func threeZeroSchemaDifferencesAreChecked() throws {
    let parts = UIMTestFiles.inputDataParts()
    let orphan = try UIMTestFiles.file30(inputData: [parts.runs])
    let e = decodeError(format, Data(orphan), file: "orphan.uim")
    #expect(e?.field == "SensorData.inputContextID")
    #expect(e?.value == UIM30Transcoder.uuidString(UIMTestFiles.id(50)))
    var ink = ProtobufWriter()
    ink.data(1, parts.context)  // not transcoded: 3.1 layout inside a 3.0 file
    let file = RIFFWriter.file(form: "UINK", chunks: [("HEAD", [3, 0, 0]), ("DATA", ink.bytes)])
    let wrong = decodeError(format, Data(file), file: "wrong.uim")
    #expect(wrong?.field == "SensorChannelsContext.3" && wrong?.rule == "must be length-delimited")
    if case .byte(let at) = wrong?.location {
      #expect(at > 24 && at < file.count)
    } else {
      Issue.record("no byte offset: \(String(describing: wrong))")
    }
  }
}
