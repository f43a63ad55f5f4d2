import Foundation
import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchFormats

/// Decodes `count` seeded mutations of `original` (truncate, flip bytes, duplicate, delete
/// and insert lines): each must give either a `FormatError` whose description names the file
/// and a position, or valid strokes (finite positions within the coordinate bound, pressure in
/// [0, 1], strictly increasing times inside a stroke). Never a crash or a hang. With
/// `SIGBENCH_TRACE` set, each mutation is printed before it is decoded and its bytes written to
/// `/tmp/sigbench-last-mutation`, so the input of a crash can be recovered.
func checkMutations(
  _ format: any StrokeFormat, name: String, original: Data, count: Int, seed: UInt64,
  positioned: (FormatError) -> Bool
) {
  // The fixture's name is mixed in (stably) so each fixture gets its own mutations.
  let salt = name.utf8.reduce(UInt64(0)) { $0 &* 31 &+ UInt64($1) }
  var rng = SplitMix64(seed: seed ^ salt)
  for (n, mutation) in ByteMutation.generate(original, count: count, rng: &rng).enumerated() {
    let context = "seed \(seed), \(name) mutation \(n): \(mutation)"
    if getenvString("SIGBENCH_TRACE") != nil {
      print(context)
      try? mutation.data.write(to: URL(fileURLWithPath: "/tmp/sigbench-last-mutation"))
    }
    do {
      let result = try format.decode(mutation.data, file: name, options: DecodeOptions())
      for d in result.drawings {
        for s in d.strokes + d.hover {
          var last = -Double.infinity
          for p in s.samples {
            #expect(p.x.isFinite && p.y.isFinite, "\(context)")
            #expect(abs(p.x) <= SampleRules.maxCoordinate, "\(context)")
            if let f = p.pressure { #expect(f >= 0 && f <= 1, "\(context)") }
            if let t = p.time {
              #expect(t.isFinite && t > last, "\(context)")
              last = t
            }
            if let a = p.tilt { #expect(a.isFinite, "\(context)") }
            if let a = p.azimuth { #expect(a.isFinite, "\(context)") }
          }
        }
      }
    } catch {
      #expect(error.description.hasPrefix("\(name): "), "\(context): \(error)")
      #expect(positioned(error), "\(context): \(error)")
      #expect(!error.rule.isEmpty && !error.field.isEmpty, "\(context): \(error)")
    }
  }
}

/// An XML reader's error must give a line, or the byte offset of an encoding error.
func hasLine(_ e: FormatError) -> Bool {
  if case .line = e.location { return true }
  if case .byte = e.location { return e.field == "encoding" }
  return e.kind == .limitExceeded && e.location == .file
}

@Suite("InkML decoding of mutated bytes never traps")
struct InkMLMutationTests {
  @Test("every dialect fixture, 300 seeded mutations each", arguments: InkMLFixtures.all.map(\.0))
  func fixtures(name: String) {
    let text = InkMLFixtures.all.first { $0.0 == name }!.1
    checkMutations(
      InkMLFormat(), name: name + ".inkml", original: Data(text.utf8), count: 300,
      seed: propertySeed(), positioned: hasLine)
  }

  @Test("written files, both encodings, 100 seeded mutations each")
  func written() throws {
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    for encoding in InkMLFormat.ValueEncoding.allCases {
      for i in 0..<4 {
        let data = try InkMLFormat(valueEncoding: encoding).encode(randomDrawing(&rng))
        checkMutations(
          InkMLFormat(), name: "written-\(encoding)-\(i).inkml", original: data, count: 100,
          seed: seed &+ UInt64(i), positioned: hasLine)
      }
    }
  }
}

@Suite("XML inputs that once crashed Foundation's parser on Linux are handled")
struct InkMLInputHazardTests {
  static let ink = "<ink><trace>1 2, 3 4</trace></ink>"

  @Test(
    "processing instructions, a broken declaration and DTDs do not crash the parser",
    arguments: [
      // A declaration without a space after `<?xml` is a processing instruction whose target
      // needs a space before its data: not well-formed XML (XML 1.0 (Fifth Edition) 2.6).
      ("<ink><?pi?><trace>1 2</trace></ink>", 1), ("<?xml\u{D6}version=\"1.0\"?><ink/>", -1),
      ("<!DOCTYPE ink [<!NOTATION n SYSTEM \"x\">]><ink/>", -1),
      ("<?xml version=\"1.0\" encoding=\"EBCDIC-US\"?><ink/>", -1),
    ])
  func hazards(text: String, strokes: Int) {
    // -1: must be rejected; otherwise the number of strokes read.
    let result = try? InkMLFormat().decode(Data(text.utf8), file: "h", options: DecodeOptions())
    #expect(result?.drawings[0].strokes.count ?? -1 == strokes)
  }

  @Test("a blanked processing instruction leaves the ink and line numbers intact")
  func blankedPI() throws {
    let text = "<ink><?pi?>\n<?other x?><trace>1 2, 3 x</trace></ink>"
    do {
      _ = try InkMLFormat().decode(Data(text.utf8), file: "p.inkml", options: DecodeOptions())
      Issue.record("no error")
    } catch {
      #expect(error.location == .line(2), "\(error)")
    }
    let ok = try InkMLFormat().decode(
      Data("<ink><?pi?><trace>1 2</trace></ink>".utf8), file: "p", options: DecodeOptions())
    #expect(ok.drawings[0].strokes.count == 1)
  }

  @Test("invalid UTF-8 is an error at its byte offset; Latin-1 and UTF-16 are transcoded")
  func encodings() throws {
    var bad = Data("<ink><!-- ".utf8)
    bad.append(0xE9)
    bad.append(contentsOf: Array(" --><trace>1 2</trace></ink>".utf8))
    do {
      _ = try InkMLFormat().decode(bad, file: "u.inkml", options: DecodeOptions())
      Issue.record("no error")
    } catch {
      #expect(error.location == .byte(10), "\(error)")
    }
    let latin =
      "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><ink><!-- é --><trace>1 2</trace></ink>"
    let r1 = try InkMLFormat().decode(
      latin.data(using: .isoLatin1)!, file: "l", options: DecodeOptions())
    #expect(r1.drawings[0].strokes.count == 1)
    let r2 = try InkMLFormat().decode(
      Self.ink.data(using: .utf16)!, file: "w", options: DecodeOptions())
    #expect(r2.drawings[0].sampleCount == 2)
    // UTF-32 with a byte order mark, both orders (#43, item 11: it read as "Document is
    // empty"), reads like the UTF-8 file.
    for (mark, encoding) in [
      ([UInt8]([0xFF, 0xFE, 0x00, 0x00]), String.Encoding.utf32LittleEndian),
      ([0x00, 0x00, 0xFE, 0xFF], .utf32BigEndian),
    ] {
      let wide = Data(mark) + Self.ink.data(using: encoding)!
      let r = try InkMLFormat().decode(wide, file: "w32", options: DecodeOptions())
      #expect(r.drawings.map(\.strokes) == r2.drawings.map(\.strokes), "\(encoding)")
    }
    // A declared encoding outside the list names the whole list, UCS-4 and UTF-32 included.
    let other = "<?xml version=\"1.0\" encoding=\"EBCDIC-US\"?><ink><trace>1 2</trace></ink>"
    do {
      _ = try InkMLFormat().decode(Data(other.utf8), file: "e", options: DecodeOptions())
      Issue.record("EBCDIC-US accepted")
    } catch {
      #expect(error.rule.contains("UTF-32/UCS-4") && error.rule.contains("ISO-8859-1"), "\(error)")
    }
  }
}
