import Foundation
import SigbenchCore
import SigbenchTestSupport
import Testing

@testable import SigbenchRender

/// The disc fill must set exactly the cells (and dirty rectangle) of its former formulation,
/// which rounded through libm and wrote each row through a fresh buffer access.
@Suite("disc fill")
struct DiscFillTests {
  /// The former `CoverageMask.fillDisc`, kept as the reference.
  static func referenceDisc(_ mask: inout CoverageMask, center: Point, radius: Double) {
    let s = Double(mask.factor)
    let cx = center.x * s
    let cy = center.y * s
    let r = radius * s
    guard r > 0, cx.isFinite, cy.isFinite, r.isFinite else { return }
    let r0 = max(0, Int(max(-1, cy - r - 0.5).rounded(.up)))
    let r1 = min(
      mask.cellHeight - 1, Int(min(Double(mask.cellHeight), cy + r - 0.5).rounded(.down)))
    guard r0 <= r1 else { return }
    let w = mask.cellWidth
    for row in r0...r1 {
      let dy = Double(row) + 0.5 - cy
      let h2 = r * r - dy * dy
      guard h2 >= 0 else { continue }
      let h = h2.squareRoot()
      let lo = max(-1, min(Double(w) + 1, cx - h - 0.5))
      let hi = max(-1, min(Double(w) + 1, cx + h - 0.5))
      let c0 = max(0, Int(lo.rounded(.up)))
      let c1 = min(w - 1, Int(hi.rounded(.down)))
      guard c0 <= c1 else { continue }
      if row < mask.minRow { mask.minRow = row }
      if row + 1 > mask.maxRow { mask.maxRow = row + 1 }
      if c0 < mask.minCol { mask.minCol = c0 }
      if c1 + 1 > mask.maxCol { mask.maxCol = c1 + 1 }
      for c in c0...c1 { mask.cells[row * w + c] = 1 }
    }
  }

  @Test(
    "a disc sets the cells and dirty rectangle of the former formulation", arguments: [1, 2, 4])
  func discEqualsReference(factor: Int) {
    var rng = SplitMix64(seed: 7)
    for k in 0..<3000 {
      // Centres on and off a 64 × 48 canvas, on half-cell grid lines now and then, radii
      // from sub-cell to larger than the canvas.
      var c = Point(x: rng.double(in: -20...84), y: rng.double(in: -20...68))
      if k % 5 == 0 { c = Point(x: (c.x * 4).rounded() / 4, y: (c.y * 4).rounded() / 4) }
      let r = [0.1, 0.25, 0.5, 1, 2.5, 7, 30, 100][rng.int(in: 0...7)] * rng.double(in: 0.5...1.5)
      var fast = CoverageMask(width: 64, height: 48, factor: factor)
      var reference = CoverageMask(width: 64, height: 48, factor: factor)
      fast.fillDisc(center: c, radius: r)
      Self.referenceDisc(&reference, center: c, radius: r)
      #expect(fast.cells == reference.cells, "disc \(c) r \(r)")
      #expect(fast.dirtyRows == reference.dirtyRows, "disc \(c) r \(r)")
      #expect(fast.dirtyColumns == reference.dirtyColumns, "disc \(c) r \(r)")
    }
  }
}
