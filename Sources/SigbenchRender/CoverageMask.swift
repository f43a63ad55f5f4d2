import SigbenchCore

/// A binary coverage mask at supersampled resolution, filled shape by shape with the non-zero
/// winding rule and combined by union.
///
/// Each mask cell is one sub-pixel sample at its centre; a canvas of `width × height` output
/// pixels at supersampling factor `s` has `(width·s) × (height·s)` cells. Shapes are given in
/// output-pixel coordinates (already transformed); the mask scales them by `s`. Because every
/// cell is 0 or 1 and shapes are OR-ed, overlapping shapes of one stroke never double-blend.
/// `count(x:y:)` and `downsample(_:into:stride:)` box-filter the `s × s` block of an output
/// pixel (a correct box downsample: 2× gives 5 levels, 4× gives 17).
///
/// The mask remembers the rectangle of cells touched since the last `clear()` or
/// `resetDirty()`, so callers downsample, composite and clear only that rectangle.
///
/// - Complexity: a polygon (or a union of polygons, `fillUnion()`) with `e` edges spanning `r`
///   cell rows costs O(e + r·a + cells set), `a` being the edges active on a row (an
///   active-edge scanline, `ScanlineUnion`); a disc costs O(rows + cells set); clearing costs
///   O(dirty cells).
public struct CoverageMask: Sendable {
  public let width: Int
  public let height: Int
  public let factor: Int
  /// Width and height in cells.
  public var cellWidth: Int { width * factor }
  public var cellHeight: Int { height * factor }
  var cells: [UInt8]
  // Dirty cell rectangle, half-open; empty when minRow >= maxRow.
  var minRow = Int.max
  var maxRow = Int.min
  var minCol = Int.max
  var maxCol = Int.min
  /// Scratch storage of the scanline pass, reused by every fill (no allocation once grown).
  var scan = ScanlineUnion()

  /// An empty mask for a `width × height` pixel canvas at supersampling `factor` (1–8).
  public init(width: Int, height: Int, factor: Int) {
    precondition(factor >= 1 && factor <= 8, "supersampling factor must be 1–8")
    precondition(width >= 0 && height >= 0, "mask size must not be negative")
    self.width = width
    self.height = height
    self.factor = factor
    cells = [UInt8](repeating: 0, count: width * factor * height * factor)
  }

  /// Cell rows touched since the last clear or `resetDirty()`.
  public var dirtyRows: Range<Int> { minRow < maxRow ? minRow..<maxRow : 0..<0 }
  /// Cell columns touched since the last clear or `resetDirty()`.
  public var dirtyColumns: Range<Int> { minCol < maxCol ? minCol..<maxCol : 0..<0 }
  /// True when nothing was drawn since the last clear or `resetDirty()`.
  public var isDirtyEmpty: Bool { minRow >= maxRow || minCol >= maxCol }

  /// The output pixels whose cells intersect the dirty cell rectangle.
  public var dirtyPixels: PixelRect {
    guard !isDirtyEmpty else { return .empty }
    let f = factor
    return PixelRect(
      minX: minCol / f, minY: minRow / f, maxX: min(width, (maxCol + f - 1) / f),
      maxY: min(height, (maxRow + f - 1) / f))
  }

  /// Clears every cell in the dirty rectangle, then forgets it.
  public mutating func clear() {
    guard !isDirtyEmpty else {
      resetDirty()
      return
    }
    let w = cellWidth
    let (r0, r1, c0, c1) = (minRow, maxRow, minCol, maxCol)
    cells.withUnsafeMutableBufferPointer { buf in
      for row in r0..<r1 {
        (buf.baseAddress! + row * w + c0).update(repeating: 0, count: c1 - c0)
      }
    }
    resetDirty()
  }

  /// Clears every cell of the output-pixel rectangle `rect` (not the dirty tracking).
  public mutating func clear(pixels rect: PixelRect) {
    guard !rect.isEmpty else { return }
    let w = cellWidth
    let f = factor
    cells.withUnsafeMutableBufferPointer { buf in
      for row in (rect.minY * f)..<(rect.maxY * f) {
        (buf.baseAddress! + row * w + rect.minX * f).update(
          repeating: 0, count: rect.width * f)
      }
    }
  }

  /// Forgets the dirty rectangle (the cells stay set), so the next fills report only their own.
  public mutating func resetDirty() {
    minRow = Int.max
    maxRow = Int.min
    minCol = Int.max
    maxCol = Int.min
  }

  /// Former name of `resetDirty()`.
  public mutating func resetDirtyRows() { resetDirty() }

  /// Fills the closed polygon `points` (output-pixel coordinates; the last point joins the
  /// first) with the non-zero winding rule, OR-ing into the mask.
  public mutating func fillPolygon(_ points: [Point]) {
    points.withUnsafeBufferPointer { fillPolygon($0) }
  }

  /// Fills the closed polygon `points` with the non-zero winding rule (no allocation once the
  /// scratch storage has grown). Non-finite coordinates make the polygon be skipped. Triangles
  /// and quadrilaterals take the direct path of `fillPiece`, which sets the same cells.
  public mutating func fillPolygon(_ points: UnsafeBufferPointer<Point>) {
    if points.count <= 4 {
      fillingPieces { $0.fill(points) }
      return
    }
    beginUnion()
    addToUnion(points)
    fillUnion()
  }

  /// Grows the fill scratch storage to hold `edges` polygon edges and `polygons` polygons in
  /// one pass, so that later fills of that size allocate nothing.
  public mutating func reserveScratch(edges: Int, polygons: Int) {
    scan.reserve(edges: edges, groups: polygons, rows: cellHeight)
  }

  /// Starts a union of polygons filled in one scanline pass by `fillUnion()`.
  public mutating func beginUnion() { scan.reset() }

  /// Adds the closed polygon `points` (output pixels) to the union: it is filled non-zero on
  /// its own, exactly as `fillPolygon` would fill it, but in the same pass as the others.
  public mutating func addToUnion(_ points: UnsafeBufferPointer<Point>) {
    scan.add(points, scale: Double(factor), cellHeight: cellHeight)
  }

  /// ORs the union of the polygons added since `beginUnion()` into the mask: the same cells as
  /// one `fillPolygon` per polygon, in one pass (see `ScanlineUnion`).
  public mutating func fillUnion() {
    // Move the scratch out so the cells' buffer and the scratch are held without overlapping
    // accesses to `self` (a move keeps every array uniquely referenced: no copy).
    var s = ScanlineUnion()
    swap(&s, &scan)
    var d = ScanlineUnion.Dirty()
    let w = cellWidth
    let h = cellHeight
    cells.withUnsafeMutableBufferPointer {
      s.fill($0.baseAddress!, cellWidth: w, cellHeight: h, dirty: &d)
    }
    swap(&s, &scan)
    guard d.minRow < d.maxRow else { return }
    if d.minRow < minRow { minRow = d.minRow }
    if d.maxRow > maxRow { maxRow = d.maxRow }
    if d.minCol < minCol { minCol = d.minCol }
    if d.maxCol > maxCol { maxCol = d.maxCol }
  }

  /// Fills a disc (centre and radius in output pixels) exactly: a cell is inside when its
  /// centre is within the radius (boundary included).
  ///
  /// Rows and columns are rounded with `smallCeiling` on values clamped to the mask (the
  /// same integers as `rounded(.up)` / `rounded(.down)`, without a libm call), and the cell
  /// storage is held once for all rows.
  public mutating func fillDisc(center: Point, radius: Double) {
    let s = Double(factor)
    let cx = center.x * s
    let cy = center.y * s
    let r = radius * s
    guard r > 0, cx.isFinite, cy.isFinite, r.isFinite else { return }
    let hgt = Double(cellHeight)
    // Clamped to [−1, cellHeight] (rows outside are empty either way).
    let r0 = max(0, smallCeiling(min(hgt, max(-1, cy - r - 0.5))))
    let r1 = min(cellHeight - 1, -smallCeiling(-max(-1, min(hgt, cy + r - 0.5))))
    guard r0 <= r1 else { return }
    let w = cellWidth
    var d = ScanlineUnion.Dirty()
    cells.withUnsafeMutableBufferPointer { buf in
      let cells = buf.baseAddress!
      for row in r0...r1 {
        let dy = Double(row) + 0.5 - cy
        let h2 = r * r - dy * dy
        guard h2 >= 0 else { continue }
        let h = h2.squareRoot()
        // Cells whose centres lie in [cx − h, cx + h]; cell c has its centre at c + 0.5.
        let lo = max(-1, min(Double(w) + 1, cx - h - 0.5))
        let hi = max(-1, min(Double(w) + 1, cx + h - 0.5))
        let c0 = max(0, smallCeiling(lo))
        let c1 = min(w - 1, -smallCeiling(-hi))
        guard c0 <= c1 else { continue }
        if row < d.minRow { d.minRow = row }
        if row + 1 > d.maxRow { d.maxRow = row + 1 }
        if c0 < d.minCol { d.minCol = c0 }
        if c1 + 1 > d.maxCol { d.maxCol = c1 + 1 }
        Self.setCells(cells + row &* w + c0, count: c1 - c0 + 1)
      }
    }
    guard d.minRow < d.maxRow else { return }
    if d.minRow < minRow { minRow = d.minRow }
    if d.maxRow > maxRow { maxRow = d.maxRow }
    if d.minCol < minCol { minCol = d.minCol }
    if d.maxCol > maxCol { maxCol = d.maxCol }
  }

  /// Sets `n` (≥ 1) cells from `p`: runs of up to 16 by two overlapping stores, longer ones by
  /// `memset` (a short run costs a fifth of the call).
  @inline(__always) static func setCells(_ p: UnsafeMutablePointer<UInt8>, count n: Int) {
    let raw = UnsafeMutableRawPointer(p)
    if n >= 8 && n <= 16 {
      raw.storeBytes(of: 0x0101_0101_0101_0101, as: UInt64.self)
      raw.storeBytes(of: 0x0101_0101_0101_0101, toByteOffset: n - 8, as: UInt64.self)
    } else if n >= 4 && n < 8 {
      raw.storeBytes(of: 0x0101_0101, as: UInt32.self)
      raw.storeBytes(of: 0x0101_0101, toByteOffset: n - 4, as: UInt32.self)
    } else if n >= 2 && n < 4 {
      raw.storeBytes(of: 0x0101, as: UInt16.self)
      raw.storeBytes(of: 0x0101, toByteOffset: n - 2, as: UInt16.self)
    } else if n == 1 {
      raw.storeBytes(of: 1, as: UInt8.self)
    } else {
      p.update(repeating: 1, count: n)
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
    let f = factor
    return cells.withUnsafeBufferPointer { buf in
      var n = 0
      for dy in 0..<f {
        let base = (y * f + dy) * w + x * f
        for dx in 0..<f { n += Int(buf[base + dx]) }
      }
      return n
    }
  }

  /// Writes the set-cell count (0…factor²) of every output pixel of `rect` into `coverage`:
  /// pixel (x, y) goes to `coverage[(y − rect.minY) · stride + x]` (rows relative to the
  /// rectangle, columns absolute; pass a full-canvas buffer advanced by `rect.minY · width`).
  ///
  /// - Complexity: O(cells in `rect`).
  public func downsample(_ rect: PixelRect, into coverage: UnsafeMutablePointer<UInt8>, stride: Int)
  {
    guard !rect.isEmpty else { return }
    let w = cellWidth
    let f = factor
    cells.withUnsafeBufferPointer { buf in
      let cellsBase = buf.baseAddress!
      for y in rect.minY..<rect.maxY {
        let out = coverage + (y - rect.minY) * stride
        let rowBase = cellsBase + (y * f) * w
        // Cells are 0 or 1, so the bytes of a multi-byte load can be summed lane-wise
        // without carries and folded with one multiply.
        switch f {
        case 2:
          let r0 = UnsafeRawPointer(rowBase)
          let r1 = UnsafeRawPointer(rowBase + w)
          var x = rect.minX
          // Eight pixels per step: 16 cells of each row in one vector load, the rows added
          // byte-wise, the pairs summed in 16-bit lanes and the lanes narrowed to bytes.
          while x + 8 <= rect.maxX {
            let v =
              r0.loadUnaligned(fromByteOffset: 2 * x, as: SIMD16<UInt8>.self)
              &+ r1.loadUnaligned(fromByteOffset: 2 * x, as: SIMD16<UInt8>.self)
            let pairs = unsafeBitCast(v, to: SIMD8<UInt16>.self)
            let sums = (pairs & 0x00FF) &+ (pairs &>> 8)
            UnsafeMutableRawPointer(out + x).storeBytes(
              of: SIMD8<UInt8>(truncatingIfNeeded: sums), as: SIMD8<UInt8>.self)
            x += 8
          }
          // Four pixels: 8 cells of each row in one 64-bit load, the pairs summed in 16-bit
          // lanes and the lanes packed into four bytes.
          while x + 4 <= rect.maxX {
            let v =
              r0.loadUnaligned(fromByteOffset: 2 * x, as: UInt64.self)
              &+ r1.loadUnaligned(fromByteOffset: 2 * x, as: UInt64.self)
            var p = (v & 0x00FF_00FF_00FF_00FF) &+ ((v >> 8) & 0x00FF_00FF_00FF_00FF)
            p = (p | (p >> 8)) & 0x0000_FFFF_0000_FFFF
            p = p | (p >> 16)
            UnsafeMutableRawPointer(out + x).storeBytes(
              of: UInt32(truncatingIfNeeded: p), as: UInt32.self)
            x += 4
          }
          while x < rect.maxX {
            let v =
              r0.loadUnaligned(fromByteOffset: 2 * x, as: UInt16.self)
              &+ r1.loadUnaligned(fromByteOffset: 2 * x, as: UInt16.self)
            out[x] = UInt8(truncatingIfNeeded: (v &+ (v >> 8)) & 0xFF)
            x += 1
          }
        case 4:
          let r0 = UnsafeRawPointer(rowBase)
          let r1 = UnsafeRawPointer(rowBase + w)
          let r2 = UnsafeRawPointer(rowBase + 2 * w)
          let r3 = UnsafeRawPointer(rowBase + 3 * w)
          var x = rect.minX
          // Two pixels per step: 4 × 8 cells in 64-bit loads, each 32-bit half folded to a byte.
          while x + 2 <= rect.maxX {
            let o = 4 * x
            let v =
              r0.loadUnaligned(fromByteOffset: o, as: UInt64.self)
              &+ r1.loadUnaligned(fromByteOffset: o, as: UInt64.self)
              &+ r2.loadUnaligned(fromByteOffset: o, as: UInt64.self)
              &+ r3.loadUnaligned(fromByteOffset: o, as: UInt64.self)
            let lo = UInt32(truncatingIfNeeded: v)
            let hi = UInt32(truncatingIfNeeded: v >> 32)
            out[x] = UInt8(truncatingIfNeeded: (lo &* 0x0101_0101) >> 24)
            out[x + 1] = UInt8(truncatingIfNeeded: (hi &* 0x0101_0101) >> 24)
            x += 2
          }
          while x < rect.maxX {
            let o = 4 * x
            let v =
              r0.loadUnaligned(fromByteOffset: o, as: UInt32.self)
              &+ r1.loadUnaligned(fromByteOffset: o, as: UInt32.self)
              &+ r2.loadUnaligned(fromByteOffset: o, as: UInt32.self)
              &+ r3.loadUnaligned(fromByteOffset: o, as: UInt32.self)
            out[x] = UInt8(truncatingIfNeeded: (v &* 0x0101_0101) >> 24)
            x += 1
          }
        default:
          for x in rect.minX..<rect.maxX {
            var n = 0
            for dy in 0..<f {
              let r = rowBase + dy * w + x * f
              for dx in 0..<f { n += Int(r[dx]) }
            }
            out[x] = UInt8(n)
          }
        }
      }
    }
  }

  /// Total number of set cells.
  public var setCellCount: Int { cells.reduce(0) { $0 + Int($1) } }
}

/// A half-open rectangle of output pixels: columns `minX..<maxX`, rows `minY..<maxY`.
public struct PixelRect: Hashable, Sendable {
  public var minX: Int
  public var minY: Int
  public var maxX: Int
  public var maxY: Int

  public init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
    self.minX = minX
    self.minY = minY
    self.maxX = maxX
    self.maxY = maxY
  }

  public static let empty = PixelRect(minX: 0, minY: 0, maxX: 0, maxY: 0)

  public var width: Int { max(0, maxX - minX) }
  public var height: Int { max(0, maxY - minY) }
  public var isEmpty: Bool { maxX <= minX || maxY <= minY }
  /// Number of pixels.
  public var area: Int { width * height }

  /// The smallest rectangle holding both (an empty operand is ignored).
  public func union(_ o: PixelRect) -> PixelRect {
    if isEmpty { return o }
    if o.isEmpty { return self }
    return PixelRect(
      minX: min(minX, o.minX), minY: min(minY, o.minY), maxX: max(maxX, o.maxX),
      maxY: max(maxY, o.maxY))
  }
}
