import Foundation
import SigbenchCore
import SigbenchFormats
import Testing

/// Replays the inputs kept in `Fuzz/FORMAT/` (fuzz findings once fixed, and the hostile-input
/// reproductions of values outside the input envelope) through the reader of FORMAT, the way
/// `scripts/fuzz.sh` runs them: each is refused with a `FormatError` naming the file, or read
/// into drawings inside `InputEnvelope`.
@Suite struct FuzzFindingsTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fuzz")

  /// Format id → the files kept for it.
  static func kept() -> [(String, [URL])] {
    let fm = FileManager.default
    let ids = ((try? fm.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    return ids.map { id in
      let dir = folder.appendingPathComponent(id)
      let names = ((try? fm.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
      return (id, names.map { dir.appendingPathComponent($0) })
    }
  }

  @Test func everyKeptInputIsRefusedOrInsideTheEnvelope() throws {
    let kept = Self.kept()
    // The folder holds at least the envelope reproductions of the native reader.
    #expect(kept.contains { $0.0 == "native" && $0.1.count >= 7 })
    for (id, files) in kept {
      let format = try #require(
        FormatCatalog.all.first { $0.descriptor.id == id }, "Fuzz/\(id) names no format")
      for url in files {
        let data = try Data(contentsOf: url)
        do {
          let read = try format.decode(data, file: url.lastPathComponent, options: DecodeOptions())
          for d in read.drawings {
            #expect(InputEnvelope.violations(in: d).isEmpty, "\(id)/\(url.lastPathComponent)")
          }
        } catch {
          #expect(error.file == url.lastPathComponent, "\(error)")
          #expect(!error.rule.isEmpty && !error.field.isEmpty, "\(error)")
        }
      }
    }
  }

  /// The envelope's own check finds what the reproductions hold, so a reader that let one
  /// through would fail the replay.
  @Test func theEnvelopeCheckSeesTheReproducedValues() {
    let outside = [1e6, 1e15, 1e19, -100_000.0001, .infinity, .nan]
    for v in outside {
      let d = Drawing(
        name: "d", strokes: [Stroke(samples: [Sample(x: 0, y: 0), Sample(x: 1, y: 1)])],
        groundTruth: GroundTruth(strokes: [[Point(x: v, y: 0)]]))
      #expect(InputEnvelope.violations(in: d).count == 1, "\(v)")
    }
    let timed = Drawing(
      name: "d",
      strokes: [Stroke(samples: [Sample(x: 0, y: 0, time: 0), Sample(x: 1, y: 1, time: 1e17)])])
    #expect(InputEnvelope.violations(in: timed).first?.contains("time = 1e+17") == true)
    let edge = Drawing(
      name: "d",
      strokes: [
        Stroke(samples: [
          Sample(x: -100_000, y: 100_000, time: -1e10), Sample(x: 100_000, y: 0, time: 1e10),
        ])
      ])
    #expect(InputEnvelope.violations(in: edge).isEmpty)
  }
}
