import SigbenchCore
import SigbenchRender
import SigbenchStrategies
import Testing

@Suite("incremental canvas")
struct IncrementalCanvasTests {
  static let strokes: [[Sample]] = [
    (0..<30).map { Sample(x: 10 + Double($0) * 5, y: 20 + Double($0 % 7) * 3) },
    (0..<20).map { Sample(x: 20 + Double($0) * 6, y: 90 - Double($0) * 1.5) },
  ]

  @Test("after the last finish the live canvas equals a one-shot render")
  func equalsOneShot() throws {
    var spec = RenderSpec()
    spec.width = 200
    spec.height = 120
    let strategy = try StrategyCatalog.configure(StrategySpec(id: "straight"))
    let t = Transform.identity
    var live = IncrementalCanvas(spec: spec, transform: t)
    var output = StrokeOutput()
    for stroke in Self.strokes {
      var s = strategy.makeInstance()
      Self.feed(&s, stroke, &output, &live)
    }
    let oneShot = try DrawingRenderer(spec: spec).render(
      strokes: Self.strokes.map { StrokeInk(stable: strategy.smooth($0)) }, samples: Self.strokes,
      transform: t)
    #expect(try live.makeImage().pixels() == oneShot.pixels())
  }

  static func feed<S: SmoothingStrategy>(
    _ s: inout S, _ samples: [Sample], _ output: inout StrokeOutput, _ live: inout IncrementalCanvas
  ) {
    for sample in samples {
      s.push(sample, into: &output)
      live.apply(output)
    }
    s.finish(into: &output)
    live.apply(output)
  }

  @Test("the tentative tail is replaced, not accumulated")
  func tentativeReplaced() throws {
    var spec = RenderSpec()
    spec.width = 100
    spec.height = 100
    var live = IncrementalCanvas(spec: spec, transform: .identity)
    var out = StrokeOutput()
    out.tentative.append(Disc(center: Point(x: 20, y: 20), radius: 5))
    live.apply(out)
    #expect(try live.makeImage().rgba(x: 20, y: 20).a == 255)
    out.clear()
    out.tentative.append(Disc(center: Point(x: 70, y: 70), radius: 5))
    live.apply(out)
    let image = try live.makeImage()
    #expect(image.rgba(x: 20, y: 20) == RGBA.white)
    #expect(image.rgba(x: 70, y: 70).a == 255)
    #expect(live.stableCoverage(x: 70, y: 70) == 0)
  }
}
