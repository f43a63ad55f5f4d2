import Foundation
import SigbenchCore
import SigbenchQuality
import SigbenchRender
import SigbenchStrategies
import Testing

@testable import SigbenchRun

/// `SVGWriter.byteCount` counts the bytes of `SVGWriter.document` without writing it: the
/// count must equal the document's length for every kind of ink and style.
@Suite("SVG bytes counted without writing")
struct SVGByteCountTests {
  /// The count and the written document's length, or both throw.
  static func check(_ inks: [InkGeometry], style: VectorStyle = VectorStyle()) {
    let written = try? SVGWriter(style: style).document(inks).utf8.count
    let counted = try? SVGWriter(style: style).byteCount(inks)
    #expect(counted == written)
  }

  @Test("every strategy's ink of the fixtures and the synthetic corpus")
  func corpusInk() throws {
    var drawings = try CorpusInput.load(RunPipelineTests.fixtures, policy: .everyFile).drawings
    drawings += try SyntheticFactsTests.drawings().prefix(12)
    let strategies = try StrategyResolver.resolve(nil, reference: .none)
    #expect(strategies.count >= 4)
    for d in drawings {
      for s in strategies {
        Self.check(StrokeTrace.record(d, through: s).map(\.ink))
      }
    }
  }

  @Test("numbers at the edges of the decimal format, in every element")
  func numbers() {
    let values: [Double] = [
      0, -0.0, 0.0004, -0.0004, 0.0005, -0.0005, 1, -1, 10, 99.9996, 123.456, -123.45, 0.1,
      0.01, 0.001, 0.0015, 1e6, 8.99e12, 9e12, -9.5e12, 1e15, 3.25e20, -7e22,
    ]
    for (i, v) in values.enumerated() {
      let p = Point(x: v, y: values[(i + 5) % values.count])
      let discs = InkGeometry(
        centerline: [], outline: [], discs: [Disc(center: p, radius: abs(v) + 0.25)],
        outlineStrokeWidth: abs(v))
      let outline = InkGeometry(
        centerline: [],
        outline: [
          .move(p), .line(Point(x: 1, y: v)),
          .quad(control: Point(x: v, y: 2), to: Point(x: 3, y: 3)),
          .cubic(control1: p, control2: Point(x: -v, y: v), to: Point(x: 0.5, y: 0.25)), .close,
          .line(p),
          .cubic(control1: p, control2: p, to: Point(x: 2, y: 2)), .close,
          .quad(control: p, to: Point(x: 4, y: v)),
          .move(Point(x: .nan, y: 1)),
        ], discs: [], outlineStrokeWidth: 0.75)
      Self.check([discs, outline])
      Self.check([outline, InkGeometry(), discs])
    }
  }

  @Test("a centreline without outline, a background, opacity and an outline stroke")
  func styles() {
    let line = CenterlineSegment.line(
      Point(x: 10, y: 20), Point(x: 40.125, y: 25.5), startWidth: 2, endWidth: 3)
    let curve = CenterlineSegment(
      start: Point(x: 40.125, y: 25.5), control1: Point(x: 50, y: 30),
      control2: Point(x: 55, y: 10.333), end: Point(x: 70, y: 12), startWidth: 3, endWidth: 1.5)
    let centreline = InkGeometry(centerline: [line, curve], outline: [], discs: [])
    let filled = InkGeometry(
      centerline: [line], outline: [.move(Point(x: 1, y: 2)), .line(Point(x: 5, y: 2.5)), .close],
      discs: [Disc(center: Point(x: 3, y: 3), radius: 1.5)], outlineStrokeWidth: 0.5)
    let styles = [
      VectorStyle(),
      VectorStyle(ink: RGBA(20, 40, 200, 128), opacity: 0.7, background: RGBA(255, 255, 255, 90)),
      VectorStyle(background: RGBA(1, 2, 3), margin: 4.25),
      VectorStyle(opacity: 0.333, background: RGBA(9, 9, 9, 0), margin: 0.0005),
    ]
    for style in styles {
      Self.check([centreline], style: style)
      Self.check([filled, centreline], style: style)
      Self.check([InkGeometry()], style: style)
      Self.check([], style: style)
    }
  }
}
