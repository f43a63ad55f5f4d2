import SigbenchCore
import Testing

@testable import SigbenchRender

/// Round bands go from the strategy's value straight into the rasterizer's polygon buffer
/// (`RoundBand.writeVertices`); the cells must be those of the written-out path elements
/// (`InkGeometry.filledOutline`, what SVG and PDF exports draw) flattened and filled.
@Suite("round bands rasterize as their written-out polygons")
struct BandRasterTests {
  /// The written-out reference: outline and band elements through the flattener, every
  /// polygon filled on its own, then the discs.
  static func reference(
    _ geometry: InkGeometry, _ transform: Transform, into mask: inout CoverageMask
  ) {
    var scratch = PolygonBuffer()
    Flattener().flatten(geometry.filledOutline, transform, into: &scratch)
    for i in 0..<scratch.count { scratch.withPolygon(i) { mask.fillPolygon($0) } }
    geometry.forEachFilledDisc { d in
      mask.fillDisc(center: transform.apply(d.center), radius: d.radius * transform.scale)
    }
  }

  @Test(
    "every push of the round-outline strategies",
    arguments: ["catmull-rom", "midpoint-quadratic", "straight", "catmull-rom(alpha=0)"])
  func bandsEqualWrittenOut(spec: String) throws {
    var rasterizer = InkRasterizer()
    var bands = 0
    for stroke in try PieceFillTests.testStrokes(seed: 23) {
      let t = PieceFillTests.fit(stroke)
      // Geometry without fill is drawn along its centreline, which has no bands.
      for g in try PieceFillTests.allOutputs(spec, stroke) where g.hasFill {
        var direct = CoverageMask(width: 160, height: 90, factor: 2)
        var written = CoverageMask(width: 160, height: 90, factor: 2)
        rasterizer.rasterize(g, transform: t, into: &direct)
        Self.reference(g, t, into: &written)
        let same = direct.cells == written.cells
        #expect(same, "\(spec): \(g.bands.count) bands, \(g.filledDiscCount) discs")
        #expect(direct.dirtyRows == written.dirtyRows)
        #expect(direct.dirtyColumns == written.dirtyColumns)
        bands += g.bands.count
      }
    }
    #expect(bands > 100)
  }
}
