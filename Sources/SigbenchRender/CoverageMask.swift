import SigbenchCore

/// A binary coverage mask at supersampled resolution, filled shape by shape with the non-zero
/// winding rule and combined by union.
///
/// Each mask cell is one sub-pixel sample at its centre; a canvas of `width × height` output
/// pixels at supersampling factor `s` has `(width·s) × (height·s)` cells. Shapes are given in
/// output-pixel coordinates (already transformed); the mask scales them by `s`. Because every
/// cell is 0 or 1 and shapes are OR-ed, overlapping shapes of one stroke never double-blend.
/// `coverage(x:y:)` box-filters the `s × s` block of an output pixel (a correct box
/// downsample: 2× gives 5 levels, 4× gives 17).
///
/// - Complexity: filling a polygon with `e` edges spanning `r` cell rows costs O(r·e + cells
///   set); a disc costs O(cells set).
public struct CoverageMask: Sendable {
  public let width: Int
  public let height: Int
  public let factor: Int
  /// Width and height in cells.
  public var cellWidth: Int { width * factor }
  public var cellHeight: Int { height * factor }
  var cells: [UInt8]
  /// Cell-row range touched since the last clear (for dirty-rectangle work).
  public private(set) var dirtyRows: Range<Int> = 0..<0
  var crossings: [(x: Double, winding: Int32)] = []

  /// An empty mask for a `width × height` pixel canvas at supersampling `factor` (1–8).
  public init(width: Int, height: Int, factor: Int) {
    precondition(factor >= 1 && factor <= 8, "supersampling factor must be 1–8")
    self.width = width
    self.height = height
    self.factor = factor
    cells = [UInt8](repeating: 0, count: width * factor * height * factor)
  }

  /// Clears every cell touched since the last clear or `resetDirtyRows()`.
  public mutating func clear() {
    if dirtyRows.isEmpty { return }
    let w = cellWidth
    cells.withUnsafeMutableBufferPointer { buf in
      for row in dirtyRows { buf[(row * w)..<(row * w + w)].update(repeating: 0) }
    }
    dirtyRows = 0..<0
  }

  /// Forgets which rows were touched (the cells stay set), so the next fills report only their
  /// own rows.
  public mutating func resetDirtyRows() { dirtyRows = 0..<0 }

  mutating func markDirty(_ rows: Range<Int>) {
    guard !rows.isEmpty else { return }
    dirtyRows =
      dirtyRows.isEmpty
      ? rows
      : min(dirtyRows.lowerBound, rows.lowerBound)..<max(dirtyRows.upperBound, rows.upperBound)
  }

  /// Fills the closed polygon `points` (output-pixel coordinates; the last point joins the
  /// first) with the non-zero winding rule, OR-ing into the mask.
  public mutating func fillPolygon(_ points: [Point]) {
    guard points.count >= 3 else { return }
    let s = Double(factor)
    var minY = Double.infinity
    var maxY = -Double.infinity
    for p in points {
      minY = min(minY, p.y * s)
      maxY = max(maxY, p.y * s)
    }
    guard minY.isFinite, maxY.isFinite else { return }
    // Cell row r has its sample at y = r + 0.5 (in cell units).
    let r0 = max(0, Int((minY - 0.5).rounded(.up)))
    let r1 = min(cellHeight - 1, Int((maxY - 0.5).rounded(.down)))
    guard r0 <= r1 else { return }
    markDirty(r0..<(r1 + 1))
    let w = cellWidth
    let n = points.count
    for row in r0...r1 {
      let yc = Double(row) + 0.5
      crossings.removeAll(keepingCapacity: true)
      var j = n - 1
      for i in 0..<n {
        let ay = points[j].y * s
        let by = points[i].y * s
        if (ay <= yc && by > yc) || (by <= yc && ay > yc) {
          let ax = points[j].x * s
          let bx = points[i].x * s
          let x = ax + (yc - ay) / (by - ay) * (bx - ax)
          crossings.append((x, by > ay ? 1 : -1))
        }
        j = i
      }
      guard crossings.count >= 2 else { continue }
      crossings.sort { $0.x < $1.x }
      var winding: Int32 = 0
      let base = row * w
      for k in 0..<(crossings.count - 1) {
        winding += crossings[k].winding
        if winding != 0 { fillSpan(base: base, from: crossings[k].x, to: crossings[k + 1].x) }
      }
    }
  }

  /// Fills a disc (centre and radius in output pixels) exactly: a cell is inside when its
  /// centre is within the radius.
  public mutating func fillDisc(center: Point, radius: Double) {
    let s = Double(factor)
    let cx = center.x * s
    let cy = center.y * s
    let r = radius * s
    guard r > 0, cx.isFinite, cy.isFinite, r.isFinite else { return }
    let r0 = max(0, Int((cy - r - 0.5).rounded(.up)))
    let r1 = min(cellHeight - 1, Int((cy + r - 0.5).rounded(.down)))
    guard r0 <= r1 else { return }
    markDirty(r0..<(r1 + 1))
    let w = cellWidth
    for row in r0...r1 {
      let dy = Double(row) + 0.5 - cy
      let h2 = r * r - dy * dy
      guard h2 >= 0 else { continue }
      let h = h2.squareRoot()
      fillSpan(base: row * w, from: cx - h, to: cx + h, inclusive: true)
    }
  }

  /// Sets cells of one row whose centres lie in [from, to) (or [from, to] when inclusive).
  @inline(__always) mutating func fillSpan(
    base: Int, from: Double, to: Double, inclusive: Bool = false
  ) {
    let w = cellWidth
    // Cell c has its centre at c + 0.5.
    let c0 = max(0, Int((from - 0.5).rounded(.up)))
    let c1 = min(
      w - 1, inclusive ? Int((to - 0.5).rounded(.down)) : Int((to - 0.5).rounded(.up)) - 1)
    guard c0 <= c1 else { return }
    cells.withUnsafeMutableBufferPointer { buf in
      buf[(base + c0)...(base + c1)].update(repeating: 1)
    }
  }

  /// Coverage of output pixel (x, y): the share of its `factor²` cells that are set, in
  /// [0, 1].
  public func coverage(x: Int, y: Int) -> Double {
    Double(count(x: x, y: y)) / Double(factor * factor)
  }

  /// Number of set cells in output pixel (x, y), 0…factor².
  public func count(x: Int, y: Int) -> Int {
    let w = cellWidth
    var n = 0
    for dy in 0..<factor {
      let base = (y * factor + dy) * w + x * factor
      for dx in 0..<factor { n += Int(cells[base + dx]) }
    }
    return n
  }

  /// Total number of set cells.
  public var setCellCount: Int { cells.reduce(0) { $0 + Int($1) } }
}
