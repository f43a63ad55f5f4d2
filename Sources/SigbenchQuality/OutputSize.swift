import SigbenchCore

/// How much geometry a strategy emits: centreline segments, fill elements and fill vertices.
///
/// Fill elements are the path elements of the written-out outline (move, line, quad, cubic,
/// close; a band counts as its polygon, `InkGeometry.filledOutline`) plus discs (a stamp run
/// counts as its discs, `InkGeometry.filledDiscs`). Fill
/// vertices are the points stored in the fill: a move or line holds 1, a quadratic 2 (control
/// and end), a cubic 3, a close 0, and a disc 1 (its centre).
struct OutputSize: Sendable {
  var segments = 0
  var fillElements = 0
  var fillVertices = 0

  /// Adds one stroke's ink.
  ///
  /// - Complexity: O(e + b + r) for e outline elements, b bands and r stamp runs.
  mutating func add(_ ink: InkGeometry) {
    segments += ink.centerline.count
    let discs = ink.filledDiscCount
    fillElements += ink.outline.count + discs
    fillVertices += discs
    for e in ink.outline {
      switch e {
      case .move, .line: fillVertices += 1
      case .quad: fillVertices += 2
      case .cubic: fillVertices += 3
      case .close: break
      }
    }
    // A band's polygon is a move, lines and a close: one vertex an element but the close
    // (`RoundBand.elementCount`, `vertexCount`), counted without writing it.
    for b in ink.bands {
      let n = b.vertexCount
      fillElements += n == 0 ? 0 : n + 1
      fillVertices += n
    }
  }
}
