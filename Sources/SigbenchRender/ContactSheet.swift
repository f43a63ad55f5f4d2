import SigbenchCore

/// A labelled grid PNG for pull-request comments and terminals: one row per drawing, a first
/// column with the raw samples, then one column per strategy with its final ink (raw samples
/// faint underneath). Labels use libgd's built-in bitmap font (`gdFontGetSmall`, 6×13 px), so
/// the sheet needs no font files and its pixels are deterministic.
///
/// Every cell of a row shares one transform (the drawing's sample bounds, padded, fitted into
/// the cell), so strategies compare at the same scale.
///
/// - Complexity: O(rows × columns × cell pixels).
public struct ContactSheet: Sendable {
  /// Cell size in pixels.
  public var cellWidth = 240
  public var cellHeight = 140
  /// Width of the row-label column and height of the header row, pixels.
  public var labelWidth = 150
  public var headerHeight = 18
  /// Supersampling of each cell.
  public var supersample = 2
  /// Ink colour and opacity, and the tentative colour (unused for final ink).
  public var ink: RGBA = .black
  public var inkOpacity: Double = 1
  public var background: RGBA = .white

  public init() {}

  /// The sheet for `drawings` × `strategies`.
  public func render(drawings: [Drawing], strategies: [ConfiguredStrategy]) throws(RenderError)
    -> GDImage
  {
    let columns = strategies.count + 1
    let width = labelWidth + columns * cellWidth
    let height = headerHeight + max(1, drawings.count) * cellHeight
    let sheet = try GDImage(width: width, height: height)
    sheet.fill(x: 0, y: 0, width: width, height: height, color: .white)
    let labelColor = RGBA(40, 40, 40)
    let font = GDImage.Font.small
    let glyph = font.glyphSize
    let textY = (headerHeight - glyph.height) / 2
    sheet.drawString(
      "raw samples", x: labelWidth + 4, y: textY, font: font, color: labelColor,
      maxWidth: cellWidth - 8)
    for (i, s) in strategies.enumerated() {
      sheet.drawString(
        s.label, x: labelWidth + (i + 1) * cellWidth + 4, y: textY, font: font, color: labelColor,
        maxWidth: cellWidth - 8)
    }
    var spec = RenderSpec()
    spec.width = cellWidth
    spec.height = cellHeight
    spec.supersample = supersample
    spec.background = background
    spec.ink = ink
    spec.inkOpacity = inkOpacity
    spec.tentative = nil
    spec.margin = 8
    let renderer = DrawingRenderer(spec: spec)
    for (row, drawing) in drawings.enumerated() {
      let y = headerHeight + row * cellHeight
      let samples = drawing.strokes.map(\.samples)
      let bounds = (drawing.bounds ?? Rect(origin: .zero, size: .zero)).insetBy(-6)
      let t = renderer.fitTransform(bounds)
      // Raw samples: dark dots on faint hairlines.
      var raw = spec
      raw.showRawSamples = true
      raw.rawColor = RGBA(60, 60, 60)
      raw.rawRadius = 1.4
      raw.ink = RGBA(190, 190, 190)
      raw.inkOpacity = 1
      let hairlines = drawing.strokes.map { StrokeInk(stable: ContactSheet.polyline($0.samples)) }
      DrawingRenderer(spec: raw).renderCanvas(strokes: hairlines, samples: samples, transform: t)
        .write(into: sheet, x: labelWidth, y: y)
      var faint = spec
      faint.showRawSamples = true
      faint.rawColor = RGBA(150, 150, 150, 110)
      faint.rawRadius = 1.1
      for (i, s) in strategies.enumerated() {
        DrawingRenderer(spec: faint).renderCanvas(
          strokes: StrokeInk.final(drawing, s), samples: samples, transform: t
        ).write(into: sheet, x: labelWidth + (i + 1) * cellWidth, y: y)
      }
      let lines = ContactSheet.wrap(drawing.name, columns: (labelWidth - 8) / glyph.width)
      for (k, line) in lines.prefix(max(1, (cellHeight - 8) / glyph.height)).enumerated() {
        sheet.drawString(
          line, x: 4, y: y + 4 + k * glyph.height, font: font, color: labelColor,
          maxWidth: labelWidth - 8)
      }
      let n = drawing.strokes.count
      let info = "\(n) stroke\(n == 1 ? "" : "s"), \(drawing.sampleCount) samples"
      sheet.drawString(
        info, x: 4, y: y + cellHeight - glyph.height - 4, font: .small, color: RGBA(110, 110, 110),
        maxWidth: labelWidth - 8)
    }
    // Grid lines.
    let grid = RGBA(210, 210, 210)
    for c in 0...columns {
      sheet.fill(
        x: labelWidth + c * cellWidth - (c == columns ? 1 : 0), y: 0, width: 1, height: height,
        color: grid)
    }
    for r in 0...max(1, drawings.count) {
      sheet.fill(
        x: 0, y: headerHeight + r * cellHeight - (r == drawings.count ? 1 : 0), width: width,
        height: 1, color: grid)
    }
    return sheet
  }

  /// A 0.6 px polyline through `samples` (how the raw column connects the dots).
  static func polyline(_ samples: [Sample]) -> InkGeometry {
    var g = InkGeometry()
    for (a, b) in zip(samples, samples.dropFirst()) where a.point != b.point {
      g.append(CenterlineSegment.line(a.point, b.point, startWidth: 0.6, endWidth: 0.6))
    }
    return g
  }

  /// `text` cut into lines of at most `columns` characters, preferring breaks after `/`, `-`,
  /// `_` or spaces.
  static func wrap(_ text: String, columns: Int) -> [String] {
    guard columns > 0 else { return [] }
    var lines: [String] = []
    var rest = Substring(text)
    while rest.count > columns {
      let head = rest.prefix(columns)
      if let cut = head.lastIndex(where: { "/-_ ".contains($0) }), cut > head.startIndex {
        let end = head.index(after: cut)
        lines.append(String(rest[..<end]))
        rest = rest[end...]
      } else {
        lines.append(String(head))
        rest = rest.dropFirst(columns)
      }
    }
    if !rest.isEmpty { lines.append(String(rest)) }
    return lines
  }
}
