import Foundation
import SigbenchCore
import SigbenchFormats
import SigbenchRender
import SigbenchStrategies
import Testing

@testable import SigbenchRun

/// The envelope's corners (`EnvelopeCornerTests.corners`) through every writer (#43): `render`'s
/// SVG, PDF and PNG of every catalog strategy's ink, and every stroke format that writes. Each
/// either writes (SVG and PDF always do: ink inside ±400,000 px) or refuses with an error that
/// says why (a PNG at natural size past 16,384 px a side, a format's own limit); none traps.
@Suite("the envelope's corners through every writer", .serialized)
struct EnvelopeWriterTests {
  @Test("SVG, PDF and PNG of every strategy's ink")
  func exports() throws {
    let strategies = try StrategyCatalog.all.map {
      try StrategyCatalog.configure(StrategySpec(id: $0.descriptor.id))
    }
    for (what, drawing) in EnvelopeCornerTests.corners {
      for strategy in strategies {
        for format in DrawingExport.Format.allCases {
          var export = DrawingExport(format: format)
          if format == .png { export.sizing = .fit(width: 200, height: 120, margin: 4) }
          do {
            let data = try export.data(drawing, strategy: strategy)
            #expect(!data.isEmpty, "\(what), \(strategy.label), \(format)")
            if format == .svg {
              let text = String(decoding: data, as: UTF8.self)
              #expect(!text.contains("nan") && !text.contains("inf"), "\(what), \(strategy.label)")
            }
          } catch {
            // Only an empty picture may be refused (nothing to export), and it must say so.
            let message = String(describing: error)
            #expect(message.contains("no ink"), "\(what), \(strategy.label), \(format): \(message)")
          }
        }
      }
      // A PNG at natural size (1 px per CSS px) of the widest corner is refused, naming the
      // side limit, not attempted.
      if what.hasPrefix("a stroke through all four") {
        let export = DrawingExport(format: .png)
        #expect(throws: (any Error).self) {
          try export.data(drawing, strategy: strategies[0])
        }
      }
    }
  }

  @Test("every stroke format that writes: written and read back inside the envelope")
  func formats() throws {
    for (what, drawing) in EnvelopeCornerTests.corners {
      for format in FormatCatalog.all where format.descriptor.canWrite {
        let id = format.descriptor.id
        let data: Data
        do { data = try format.encode(drawing) } catch {
          #expect(!error.rule.isEmpty, "\(what), \(id): \(error)")
          continue
        }
        // A corner built here may hold what no reader delivers (1e10 s twice): read back, it
        // is refused with its rule, or inside the envelope.
        let back: DecodeResult
        do { back = try format.decode(data, file: "corner.\(id)", options: DecodeOptions()) } catch
        {
          #expect(
            error.field == "time" && error.rule.contains("repair"), "\(what), \(id): \(error)")
          continue
        }
        for d in back.drawings {
          #expect(InputEnvelope.violations(in: d).isEmpty, "\(what), \(id)")
          #expect(d.sampleCount == drawing.sampleCount, "\(what), \(id)")
        }
      }
    }
  }
}
