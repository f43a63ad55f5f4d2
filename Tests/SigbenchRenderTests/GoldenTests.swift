import Foundation
import SigbenchCore
import SigbenchRender
import SigbenchStrategies
import Testing

/// Golden images (≤ 256×256) of the fixtures through each listed strategy and of hand-built
/// geometry, compared by decoded pixels with the tolerance stated at each call.
@Suite("golden images")
struct GoldenTests {
  /// Strategies with committed goldens. Adding a strategy's goldens is one id here, then
  /// `scripts/record-goldens.sh` and a review of the new PNGs.
  static let strategyIDs = ["straight", "midpoint-quadratic", "uber-weighted", "catmull-rom"]

  static let fixtures = [
    "tap", "two-samples", "straight-line", "sharp-corner", "loop", "uneven-spacing",
    "signature-120hz",
  ]

  static var cases: [(String, String)] {
    strategyIDs.flatMap { s in fixtures.map { (s, $0) } }
  }

  static func spec(_ w: Int, _ h: Int, supersample: Int = 2) -> RenderSpec {
    var s = RenderSpec()
    s.width = w
    s.height = h
    s.supersample = supersample
    return s
  }

  @Test("each fixture through each strategy, raw samples underneath", arguments: cases)
  func fixtureThroughStrategy(strategyID: String, fixture: String) throws {
    let drawing = try TestDrawings.fixture(fixture)
    let strategy = try StrategyCatalog.configure(StrategySpec(id: strategyID))
    var spec = Self.spec(192, 128)
    spec.showRawSamples = true
    spec.rawColor = RGBA(150, 150, 150, 160)
    let r = DrawingRenderer(spec: spec)
    let t = r.fitTransform((drawing.bounds ?? Rect(origin: .zero, size: .zero)).insetBy(-6))
    let image = try r.render(
      strokes: StrokeInk.final(drawing, strategy), samples: drawing.strokes.map(\.samples),
      transform: t)
    // Deterministic code: only libm differences could move an edge by one level.
    try GoldenImage.check(image, named: "fixture.\(fixture).\(strategyID)", tolerance: 1)
  }

  func render(_ strokes: [StrokeInk], _ spec: RenderSpec, _ t: Transform) throws -> GDImage {
    try DrawingRenderer(spec: spec).render(strokes: strokes, samples: [], transform: t)
  }

  @Test("quadratic outline (crescent), 4× supersampling")
  func quadOutline() throws {
    let image = try render(
      [StrokeInk(stable: TestDrawings.quadCrescent)], Self.spec(100, 60, supersample: 4),
      .identity)
    try GoldenImage.check(image, named: "quad-crescent", tolerance: 1)
  }

  @Test("cubic figure-eight outline, filled non-zero")
  func cubicOutline() throws {
    let image = try render(
      [StrokeInk(stable: TestDrawings.cubicFigureEight)], Self.spec(100, 90), .identity)
    try GoldenImage.check(image, named: "cubic-figure-eight", tolerance: 1)
  }

  @Test("Uber-style outline with a 1 px outline stroke and a tentative tail (worked example)")
  func uberOutline() throws {
    var spec = Self.spec(176, 48, supersample: 4)
    spec.tentative = RGBA(230, 80, 20)
    let ex = TestDrawings.uberWorkedExample
    let t = Transform(scale: 4, offset: Point(x: 8, y: 24))
    let image = try render([StrokeInk(stable: ex.stable, tentative: ex.tentative)], spec, t)
    try GoldenImage.check(image, named: "uber-outline-stroke", tolerance: 1)
  }

  @Test("discs from sub-pixel to large, transparent background")
  func discs() throws {
    var g = InkGeometry()
    for (i, r) in [0.3, 0.7, 1.5, 3.0, 6.5, 12.0].enumerated() {
      g.append(Disc(center: Point(x: 10 + Double(i) * 22.3, y: 30.4), radius: r))
    }
    var spec = Self.spec(140, 60, supersample: 4)
    spec.background = .clear
    let image = try render([StrokeInk(stable: g)], spec, .identity)
    try GoldenImage.check(image, named: "discs-transparent", tolerance: 1)
  }

  @Test("highlighter crossing itself and another stroke, over a chart picture")
  func highlighter() throws {
    let chart = try GDImage(width: 100, height: 100)
    chart.fill(x: 0, y: 0, width: 100, height: 100, color: .white)
    for (i, h) in [40, 70, 55, 85].enumerated() {
      chart.fill(x: 10 + i * 22, y: 95 - h, width: 14, height: h, color: RGBA(70, 110, 200))
    }
    var spec = Self.spec(100, 100)
    spec.apply(Brush.highlighter)
    let background = try Canvas(image: chart, width: 100, height: 100)
    let strokes = [
      StrokeInk(stable: TestDrawings.selfCrossing(width: 12)),
      StrokeInk(
        stable: TestDrawings.polyline([Point(x: 5, y: 80), Point(x: 95, y: 20)], width: 12)),
    ]
    let image = try DrawingRenderer(spec: spec).renderCanvas(
      strokes: strokes, samples: [], transform: .identity, background: background
    ).makeImage()
    try GoldenImage.check(image, named: "highlighter-over-chart", tolerance: 1)
  }

  @Test("centreline-only geometry: a round-capped polyline of growing width")
  func centerlinePolyline() throws {
    var g = InkGeometry()
    g.append(
      CenterlineSegment(
        start: Point(x: 10, y: 40), control1: Point(x: 40, y: 0), control2: Point(x: 70, y: 80),
        end: Point(x: 110, y: 40), startWidth: 1, endWidth: 9))
    let image = try render([StrokeInk(stable: g)], Self.spec(120, 80), .identity)
    try GoldenImage.check(image, named: "centerline-polyline", tolerance: 1)
  }

  @Test("device scale 2 draws the same drawing at twice the pixels")
  func deviceScale() throws {
    let d = try TestDrawings.fixture("sharp-corner")
    let s = try StrategyCatalog.configure(StrategySpec(id: "straight"))
    let inks = StrokeInk.final(d, s)
    let layout = try CanvasLayout.resolve(
      .fit(width: 96, height: 64, margin: 4), ink: InkBounds.of(inks.map(\.stable)),
      deviceScale: 2)
    #expect(layout.pixelWidth == 192 && layout.pixelHeight == 128)
    var spec = Self.spec(layout.pixelWidth, layout.pixelHeight)
    spec.tentative = nil
    let image = try render(inks, spec, layout.transform)
    try GoldenImage.check(image, named: "device-scale-2", tolerance: 1)
  }
}
