import Foundation
import SigbenchCore
import SigbenchFormats
import SigbenchRender
import SigbenchTestSupport

/// Drawings and geometry shared by the render tests.
enum TestDrawings {
  /// The bundled fixture `Corpus/fixtures/<name>.sigbench.json`.
  static func fixture(_ name: String) throws -> Drawing {
    let url = packageRootURL().appendingPathComponent("Corpus/fixtures/\(name).sigbench.json")
    let loaded = try CorpusLoader().load(url)
    guard let d = loaded.drawings.first else {
      throw RenderError.vector("fixture \(name) did not load: \(loaded.rejected)")
    }
    return d
  }

  /// Every bundled fixture's name.
  static let fixtureNames = [
    "tap", "two-samples", "two-equal-samples", "straight-line", "sharp-corner", "loop",
    "uneven-spacing", "long-stroke-2000", "signature-120hz",
  ]

  /// UberSignature's worked example for the input (0,0), (10,0), (20,0), (30,0), (40,0): the
  /// finalized cubic over (0,0) w3, (10,0) w6, (20,0) w6, (30,0) w6 and the temporary line
  /// (30,0) → (40,0) after it, outline stroke 1 px.
  static var uberWorkedExample: (stable: InkGeometry, tentative: InkGeometry) {
    var s = InkGeometry()
    s.outlineStrokeWidth = 1
    s.append(.move(Point(x: 0, y: -1.5)))
    s.append(
      .cubic(control1: Point(x: 10, y: -3), control2: Point(x: 20, y: -3), to: Point(x: 30, y: -3)))
    s.append(.line(Point(x: 30, y: 3)))
    s.append(
      .cubic(control1: Point(x: 20, y: 3), control2: Point(x: 10, y: 3), to: Point(x: 0, y: 1.5)))
    s.append(.close)
    var t = InkGeometry()
    t.outlineStrokeWidth = 1
    t.append(.move(Point(x: 30, y: -3)))
    t.append(.line(Point(x: 40, y: -3)))
    t.append(.line(Point(x: 40, y: 3)))
    t.append(.line(Point(x: 30, y: 3)))
    t.append(.close)
    return (s, t)
  }

  /// A crescent of two quadratic arcs.
  static var quadCrescent: InkGeometry {
    var g = InkGeometry()
    g.append(.move(Point(x: 10, y: 50)))
    g.append(.quad(control: Point(x: 50, y: -10), to: Point(x: 90, y: 50)))
    g.append(.quad(control: Point(x: 50, y: 20), to: Point(x: 10, y: 50)))
    g.append(.close)
    return g
  }

  /// A figure-eight made of four cubic arcs (self-intersecting; non-zero fills both lobes).
  static var cubicFigureEight: InkGeometry {
    var g = InkGeometry()
    g.append(.move(Point(x: 50, y: 50)))
    g.append(
      .cubic(control1: Point(x: 70, y: 20), control2: Point(x: 95, y: 30), to: Point(x: 90, y: 50)))
    g.append(
      .cubic(control1: Point(x: 85, y: 70), control2: Point(x: 70, y: 80), to: Point(x: 50, y: 50)))
    g.append(
      .cubic(control1: Point(x: 30, y: 20), control2: Point(x: 5, y: 30), to: Point(x: 10, y: 50)))
    g.append(
      .cubic(control1: Point(x: 15, y: 70), control2: Point(x: 30, y: 80), to: Point(x: 50, y: 50)))
    g.append(.close)
    return g
  }

  /// A stroke that crosses itself: a loop polyline, straight segments with round joins.
  static func selfCrossing(width: Double) -> InkGeometry {
    var pts: [Point] = []
    for k in 0...24 {
      let t = Double(k) / 24 * 2 * Double.pi
      pts.append(Point(x: 50 + 35 * sin(t), y: 50 + 25 * sin(2 * t)))
    }
    return polyline(pts, width: width)
  }

  /// Rectangles and discs of a constant-width polyline, built by hand (the geometry `straight`
  /// emits, without depending on it).
  static func polyline(_ pts: [Point], width: Double) -> InkGeometry {
    var g = InkGeometry()
    let r = width / 2
    for (i, p) in pts.enumerated() {
      g.append(Disc(center: p, radius: r))
      guard i > 0 else { continue }
      let a = pts[i - 1]
      let d = p - a
      let len = d.length
      guard len > 0 else { continue }
      let n = Point(x: -d.y / len * r, y: d.x / len * r)
      g.append(.move(a + n))
      g.append(.line(p + n))
      g.append(.line(p - n))
      g.append(.line(a - n))
      g.append(.close)
    }
    return g
  }
}
