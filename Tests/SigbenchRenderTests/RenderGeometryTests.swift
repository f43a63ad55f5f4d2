import Foundation
import SigbenchCore
import SigbenchRender
import SigbenchStrategies
import SigbenchTestSupport
import Testing

/// Geometry-level checks of the raster, without golden pixels: radii, widths, alphas, fill
/// rules, and the incremental canvas against the one-shot render.
@Suite("render geometry")
struct RenderGeometryTests {
  /// Σ coverage over the canvas, in output pixels.
  static func inkArea(_ mask: CoverageMask) -> Double {
    Double(mask.setCellCount) / Double(mask.factor * mask.factor)
  }

  @Test("a tap through `straight` renders a disc of half the width", arguments: [2.0, 5.0, 25.0])
  func tapRadius(width: Double) throws {
    let s = try StrategyCatalog.configure(
      StrategySpec(
        id: "straight", options: [.init(name: "size", value: ParameterValue.format(width))]))
    let ink = s.smooth([Sample(x: 20, y: 20)])
    // 4 output px per CSS px so the disc spans many cells.
    let t = Transform(scale: 4, offset: .zero)
    var mask = CoverageMask(width: 200, height: 200, factor: 4)
    InkRasterizer().draw(ink, transform: t, into: &mask)
    let radius = (Self.inkArea(mask) / Double.pi).squareRoot() / 4
    #expect(abs(radius - width / 2) <= 0.01 * width, "radius \(radius) for width \(width)")
  }

  @Test("an Uber dot (radius 3) with the 1 px outline stroke has radius 3.5")
  func uberDotRadius() {
    var g = InkGeometry()
    g.outlineStrokeWidth = 1
    g.append(Disc(center: Point(x: 10, y: 10), radius: 3))
    var mask = CoverageMask(width: 100, height: 100, factor: 4)
    InkRasterizer().draw(g, transform: Transform(scale: 4, offset: .zero), into: &mask)
    let radius = (Self.inkArea(mask) / Double.pi).squareRoot() / 4
    #expect(abs(radius - 3.5) < 0.02, "radius \(radius)")
  }

  @Test("an Uber line band of width w with the 1 px stroke is w + 1 wide")
  func uberBandWidth() {
    let w = 6.0
    var g = InkGeometry()
    g.outlineStrokeWidth = 1
    g.append(.move(Point(x: 5, y: 20 - w / 2)))
    g.append(.line(Point(x: 45, y: 20 - w / 2)))
    g.append(.line(Point(x: 45, y: 20 + w / 2)))
    g.append(.line(Point(x: 5, y: 20 + w / 2)))
    g.append(.close)
    var mask = CoverageMask(width: 50, height: 40, factor: 4)
    InkRasterizer().draw(g, transform: .identity, into: &mask)
    for x in [15, 25, 35] {
      let column = (0..<40).reduce(0.0) { $0 + mask.coverage(x: x, y: $1) }
      #expect(abs(column - (w + 1)) <= 0.25, "column \(x): \(column)")
    }
  }

  @Test("a highlighter crossing itself keeps alpha 0.3 within one 8-bit step")
  func highlighterAlpha() throws {
    var spec = RenderSpec()
    spec.width = 100
    spec.height = 100
    spec.background = .clear
    spec.apply(Brush.highlighter)
    let g = TestDrawings.selfCrossing(width: 12)
    let canvas = DrawingRenderer(spec: spec).renderCanvas(
      strokes: [StrokeInk(stable: g)], samples: [], transform: .identity)
    let crossing = canvas.rgba(x: 50, y: 50)  // the loop crosses itself at its centre
    let single = canvas.rgba(x: 85, y: 50)  // the rightmost turn, covered once
    let expected = 0.3 * 255
    #expect(abs(Double(crossing.a) - expected) <= 1, "alpha at the crossing \(crossing.a)")
    #expect(abs(Double(single.a) - expected) <= 1, "alpha on a single pass \(single.a)")
    #expect(crossing == single)
    #expect(canvas.rgba(x: 2, y: 2).a == 0)
  }

  @Test("a cubic figure-eight outline fills both lobes (non-zero) and leaves the outside empty")
  func figureEight() {
    var mask = CoverageMask(width: 100, height: 90, factor: 2)
    InkRasterizer().draw(TestDrawings.cubicFigureEight, transform: .identity, into: &mask)
    #expect(mask.coverage(x: 25, y: 50) == 1)
    #expect(mask.coverage(x: 75, y: 50) == 1)
    #expect(mask.coverage(x: 50, y: 20) == 0)
    #expect(mask.coverage(x: 50, y: 85) == 0)
  }

  @Test("with endStroke the live canvas equals a one-shot render, translucent ink included")
  func incrementalEqualsOneShotLayered() throws {
    var spec = RenderSpec()
    spec.width = 120
    spec.height = 100
    spec.apply(Brush.highlighter)
    spec.tentative = nil
    let strategy = try StrategyCatalog.configure(
      StrategySpec(id: "straight", options: [.init(name: "size", value: "14")]))
    let strokes: [[Sample]] = [
      (0...24).map { k in
        let t = Double(k) / 24 * 2 * Double.pi
        return Sample(x: 60 + 40 * sin(t), y: 50 + 30 * sin(2 * t))
      },
      [Sample(x: 10, y: 90), Sample(x: 110, y: 10)],
    ]
    var live = IncrementalCanvas(spec: spec, transform: .identity)
    var out = StrokeOutput()
    for stroke in strokes {
      var s = strategy.makeInstance()
      IncrementalCanvasTests.feed(&s, stroke, &out, &live)
      live.endStroke()
    }
    let oneShot = DrawingRenderer(spec: spec).renderCanvas(
      strokes: strokes.map { StrokeInk(stable: strategy.smooth($0)) }, samples: [],
      transform: .identity)
    #expect(try live.makeImage().pixels() == oneShot.makeImage().pixels())
  }

  @Test("seeded random strokes: incremental with endStroke equals one-shot, pixel for pixel")
  func incrementalProperty() throws {
    let seed = propertySeed()
    var rng = SplitMix64(seed: seed)
    for round in 0..<20 {
      var spec = RenderSpec()
      spec.width = rng.int(in: 20...90)
      spec.height = rng.int(in: 20...90)
      spec.supersample = [2, 4][rng.int(in: 0...1)]
      spec.inkOpacity = [1, 0.3, 0.75][rng.int(in: 0...2)]
      spec.tentative = nil
      let width = rng.double(in: 0.3...12)
      let strategy = try StrategyCatalog.configure(
        StrategySpec(
          id: "straight", options: [.init(name: "size", value: ParameterValue.format(width))]))
      let strokes: [[Sample]] = (0..<rng.int(in: 1...3)).map { _ in
        (0..<rng.int(in: 1...30)).map { _ in
          Sample(
            x: rng.double(in: -10...Double(spec.width + 10)),
            y: rng.double(in: -10...Double(spec.height + 10)))
        }
      }
      var live = IncrementalCanvas(spec: spec, transform: .identity)
      var out = StrokeOutput()
      for stroke in strokes {
        var s = strategy.makeInstance()
        IncrementalCanvasTests.feed(&s, stroke, &out, &live)
        live.endStroke()
      }
      let oneShot = DrawingRenderer(spec: spec).renderCanvas(
        strokes: strokes.map { StrokeInk(stable: strategy.smooth($0)) }, samples: [],
        transform: .identity)
      let same = try live.makeImage().pixels() == oneShot.makeImage().pixels()
      #expect(same, "seed \(seed) round \(round): incremental differs from one-shot")
      if !same { return }
    }
  }

  @Test("the tentative tail's dirty rectangle is its own, not whole rows")
  func tentativeDirtyRectangle() {
    var spec = RenderSpec()
    spec.width = 400
    spec.height = 100
    var live = IncrementalCanvas(spec: spec, transform: .identity)
    var out = StrokeOutput()
    out.tentative.append(Disc(center: Point(x: 200, y: 50), radius: 4))
    live.apply(out)
    let r = live.tentativeBounds
    #expect(r.width <= 10 && r.height <= 10, "\(r)")
  }

  @Test("non-finite and huge coordinates never trap and draw nothing outside the canvas")
  func badInput() throws {
    var g = InkGeometry()
    g.outlineStrokeWidth = .infinity
    g.append(.move(Point(x: .nan, y: 1)))
    g.append(.line(Point(x: 1e300, y: -1e300)))
    g.append(.cubic(control1: Point(x: .infinity, y: 0), control2: .zero, to: Point(x: 5, y: 5)))
    g.append(.close)
    g.append(.move(Point(x: -1e18, y: -1e18)))
    g.append(.line(Point(x: 1e18, y: -1e18)))
    g.append(.line(Point(x: 0, y: 1e18)))
    g.append(.close)
    g.append(Disc(center: Point(x: 1e300, y: 0), radius: 1e300))
    g.append(Disc(center: Point(x: 5, y: 5), radius: -3))
    g.append(Disc(center: Point(x: 5, y: 5), radius: .nan))
    g.append(
      CenterlineSegment(
        start: .zero, control1: .zero, control2: .zero, end: Point(x: .nan, y: 0), startWidth: 1,
        endWidth: 1))
    var mask = CoverageMask(width: 20, height: 20, factor: 4)
    InkRasterizer().draw(g, transform: .identity, into: &mask)
    var spec = RenderSpec()
    spec.width = 20
    spec.height = 20
    _ = try DrawingRenderer(spec: spec).render(
      strokes: [StrokeInk(stable: g, tentative: g)], samples: [[Sample(x: .nan, y: .infinity)]],
      transform: .identity)
    var live = IncrementalCanvas(spec: spec, transform: .identity)
    var out = StrokeOutput()
    out.stable = g
    out.tentative = g
    live.apply(out)
    live.endStroke()
    _ = try? SVGWriter().document([g])
    _ = try? PDFWriter().document([g])
  }

  @Test("canvas layouts: fit, fixed scale with margin, device scale; bad values throw")
  func layouts() throws {
    let ink = Rect(minX: 10, minY: 20, maxX: 110, maxY: 70)
    let s = try CanvasLayout.resolve(.scale(pxPerUnit: 1, margin: 5), ink: ink, deviceScale: 2)
    #expect(s.pixelWidth == 220 && s.pixelHeight == 120)
    #expect(s.transform.apply(Point(x: 10, y: 20)) == Point(x: 10, y: 10))
    let f = try CanvasLayout.resolve(.fit(width: 300, height: 100, margin: 10), ink: ink)
    #expect(f.pixelWidth == 300 && f.pixelHeight == 100)
    #expect(abs(f.transform.scale - 1.6) < 1e-12)
    #expect(throws: RenderError.self) {
      try CanvasLayout.resolve(.scale(pxPerUnit: 1, margin: 0), ink: ink, deviceScale: 4)
    }
    #expect(throws: RenderError.self) {
      try CanvasLayout.resolve(.scale(pxPerUnit: 1e9, margin: 0), ink: ink)
    }
  }

  @Test("a GIF replay decodes through libgd with the panel layout's size")
  func replayGIF() throws {
    var spec = RenderSpec()
    spec.width = 80
    spec.height = 60
    let drawing = try TestDrawings.fixture("two-samples")
    let s = try StrategyCatalog.configure(StrategySpec(id: "straight"))
    let bytes = try ReplayAnimation(spec: spec).gif(drawing, strategies: [s, s])
    let first = try GDImage(decoding: Data(bytes))
    #expect(first.width == 160 && first.height == 76)
    #expect(bytes.starts(with: Array("GIF89a".utf8)))
  }

  @Test("replay frame delays add up to the drawing's real duration plus the final hold")
  func replayTiming() throws {
    var spec = RenderSpec()
    spec.width = 64
    spec.height = 48
    let drawing = try TestDrawings.fixture("signature-120hz")
    let times = drawing.strokes.flatMap { $0.samples.compactMap(\.time) }
    let duration = try #require(times.max()) - (times.min() ?? 0)
    let s = try StrategyCatalog.configure(StrategySpec(id: "straight"))
    var replay = ReplayAnimation(spec: spec)
    replay.frameInterval = 0.05
    replay.holdAtEnd = 1
    let bytes = try replay.gif(drawing, strategies: [s])
    // Graphic control extensions: 0x21 0xF9 0x04 <flags> <delay lo> <delay hi>, 1/100 s.
    var total = 0
    var frames = 0
    var i = 0
    while i + 5 < bytes.count {
      if bytes[i] == 0x21 && bytes[i + 1] == 0xF9 && bytes[i + 2] == 0x04 {
        total += Int(bytes[i + 4]) | Int(bytes[i + 5]) << 8
        frames += 1
        i += 6
      } else {
        i += 1
      }
    }
    #expect(frames >= Int(duration / 0.05))
    let expected = (duration + 1) * 100
    #expect(abs(Double(total) - expected) <= 5 + 0.5, "delays \(total) cs, expected \(expected)")
  }
}
