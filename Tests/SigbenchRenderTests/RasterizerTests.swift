import Foundation
import SigbenchCore
import SigbenchRender
import SigbenchStrategies
import Testing

@Suite("coverage rasterizer")
struct RasterizerTests {
  @Test("a disc covers π·r² pixels within 0.5 %", arguments: [2, 4])
  func discArea(factor: Int) {
    var mask = CoverageMask(width: 100, height: 100, factor: factor)
    mask.fillDisc(center: Point(x: 50.3, y: 49.7), radius: 20)
    let area = Double(mask.setCellCount) / Double(factor * factor)
    #expect(abs(area - Double.pi * 400) / (Double.pi * 400) < 0.005, "area \(area)")
    // Fully inside and fully outside pixels.
    #expect(mask.coverage(x: 50, y: 50) == 1)
    #expect(mask.coverage(x: 50, y: 75) == 0)
  }

  @Test("a horizontal straight stroke is a band of its width", arguments: [2.0, 5.0, 9.0])
  func bandWidth(width: Double) throws {
    let s = try StrategyCatalog.configure(
      StrategySpec(
        id: "straight", options: [.init(name: "size", value: ParameterValue.format(width))]))
    let ink = s.smooth([Sample(x: 10, y: 50.25), Sample(x: 90, y: 50.25)])
    var mask = CoverageMask(width: 100, height: 100, factor: 4)
    InkRasterizer().draw(ink, transform: .identity, into: &mask)
    for x in [30, 50, 70] {
      let column = (0..<100).reduce(0.0) { $0 + mask.coverage(x: x, y: $1) }
      #expect(abs(column - width) <= 0.25, "column \(x): \(column)")
    }
    // Round caps reach half the width beyond the end samples.
    #expect(mask.coverage(x: 90 + Int(width / 2) - 1, y: 50) > 0)
    #expect(mask.coverage(x: 90 + Int(width / 2) + 1, y: 50) == 0)
  }

  @Test("non-zero winding fills the centre of a self-intersecting star that even-odd leaves empty")
  func nonZeroStar() {
    var pts: [Point] = []
    for k in 0..<5 {
      let a = -Double.pi / 2 + Double(k) * 4 * Double.pi / 5
      pts.append(Point(x: 50 + 40 * cos(a), y: 50 + 40 * sin(a)))
    }
    var mask = CoverageMask(width: 100, height: 100, factor: 2)
    mask.fillPolygon(pts)
    #expect(mask.coverage(x: 50, y: 52) == 1)
  }

  @Test("a figure-eight outline fills both lobes")
  func figureEight() {
    var pts: [Point] = []
    for k in 0..<200 {
      let t = Double(k) / 200 * 2 * Double.pi
      pts.append(Point(x: 50 + 40 * sin(t), y: 50 + 20 * sin(2 * t)))
    }
    var mask = CoverageMask(width: 100, height: 100, factor: 2)
    mask.fillPolygon(pts)
    #expect(mask.coverage(x: 25, y: 50) == 1)
    #expect(mask.coverage(x: 75, y: 50) == 1)
    #expect(mask.coverage(x: 50, y: 20) == 0)
  }

  @Test("a translucent stroke crossing itself keeps one alpha (union, not double blend)")
  func translucentUnion() throws {
    var g = InkGeometry()
    g.append(Disc(center: Point(x: 40, y: 50), radius: 20))
    g.append(Disc(center: Point(x: 60, y: 50), radius: 20))
    var mask = CoverageMask(width: 100, height: 100, factor: 2)
    InkRasterizer().draw(g, transform: .identity, into: &mask)
    var canvas = Canvas(width: 100, height: 100, background: .clear)
    canvas.composite(mask, color: RGBA(255, 230, 0), opacity: 0.3)
    let single = canvas.rgba(x: 30, y: 50)
    let overlap = canvas.rgba(x: 50, y: 50)
    #expect(single.a == overlap.a)
    #expect(abs(Int(single.a) - 77) <= 1, "alpha \(single.a)")
    #expect(canvas.rgba(x: 2, y: 2).a == 0)
  }

  @Test("rendering is deterministic and survives a PNG round trip through libgd")
  func pngRoundTrip() throws {
    var spec = RenderSpec()
    spec.width = 64
    spec.height = 48
    let s = try StrategyCatalog.configure(StrategySpec(id: "straight"))
    let samples = [Sample(x: 0, y: 0), Sample(x: 30, y: 20), Sample(x: 60, y: 5)]
    let ink = StrokeInk(stable: s.smooth(samples))
    let r = DrawingRenderer(spec: spec)
    let t = r.fitTransform(Rect(minX: 0, minY: 0, maxX: 60, maxY: 20))
    let a = try r.render(strokes: [ink], samples: [samples], transform: t)
    let b = try r.render(strokes: [ink], samples: [samples], transform: t)
    #expect(a.pngData() == b.pngData())
    let decoded = try GDImage(decoding: a.pngData())
    #expect(decoded.width == 64 && decoded.height == 48)
    #expect(decoded.pixels() == a.pixels())
    #expect(a.pixels().contains { $0.r < 128 })
  }

  @Test("the outline stroke of a square grows it by half the stroke width on each side")
  func outlineStroke() {
    var g = InkGeometry()
    g.append(.move(Point(x: 20, y: 20)))
    g.append(.line(Point(x: 80, y: 20)))
    g.append(.line(Point(x: 80, y: 80)))
    g.append(.line(Point(x: 20, y: 80)))
    g.append(.close)
    g.outlineStrokeWidth = 4
    var mask = CoverageMask(width: 100, height: 100, factor: 4)
    InkRasterizer().draw(g, transform: .identity, into: &mask)
    let area = Double(mask.setCellCount) / 16
    // 64×64 with mitred (square) corners.
    #expect(abs(area - 64 * 64) < 8, "area \(area)")
    #expect(mask.coverage(x: 18, y: 18) == 1)  // the miter fills the corner
  }
}
