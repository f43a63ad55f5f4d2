import Foundation
import SigbenchCore
import SigbenchRender
import SigbenchResults
import SigbenchRun
import SigbenchStrategies

/// `sigbench render FILE --strategy SPEC -o OUT`: one drawing, one strategy, as PNG (libgd),
/// SVG or PDF (cairo).
struct RenderCommand: Command {
  static let spec = CommandSpec(
    name: "render", abstract: "Render one drawing through one strategy to PNG, SVG or PDF.",
    discussion: """
      The output format follows OUT's extension (.png, .svg, .pdf) unless --format is given.
      PNG: coverage anti-aliasing at --supersample, written by libgd. Without --size or
      --px-per-unit the canvas is the ink's tight bounds plus --margin at 1 px per CSS px.
      With --background-image the picture (PNG, JPEG or GIF) is the canvas and the drawing's
      coordinates are its pixels (an annotation over a chart).
      SVG and PDF: the same filled outlines, cropped to the tight ink bounds (plus --margin),
      at their physical size (1 CSS px = 1/96 in), without a background unless --background
      is given. PDF: --page and --field place the
      signature into a field on a page, the way a PDF signature field receives it.
      """,
    options: [
      OptionSpec(
        "strategy", value: "SPEC", help: "Strategy spec, e.g. straight(size=3).",
        default: "straight"),
      OptionSpec("output", short: "o", value: "OUT", help: "Output file."),
      OptionSpec(
        "format", value: "FORMAT", help: "Output format (default: from OUT's extension).",
        allowed: ["png", "svg", "pdf"]),
      OptionSpec(
        "background-image", value: "FILE", help: "Draw over this picture (PNG, JPEG or GIF)."),
      OptionSpec("show-raw", help: "Draw the raw samples as small grey dots under the ink."),
      OptionSpec(
        "drawing", value: "N", help: "Which drawing of a multi-drawing file (1-based).",
        default: "1"),
      OptionSpec(
        "page", value: "WxH|a4|letter", help: "PDF page size in points (needs --field)."),
      OptionSpec(
        "field", value: "X1,Y1,X2,Y2",
        help: "PDF signature field in points from the page's bottom-left corner (needs --page)."),
      OptionSpec("quiet", help: "No notes on stderr."),
    ] + RenderOptions.canvasOptions,
    positionals: [PositionalSpec("file", help: "A drawing in any format sigbench reads.")])

  let file: String
  let output: String
  let format: String
  let strategy: ConfiguredStrategy
  let options: RenderOptions
  let backgroundImage: String?
  let showRaw: Bool
  let drawingIndex: Int
  let placement: PDFPlacement?

  init(_ a: ParsedArguments) throws {
    file = a.positionals[0]
    guard let o = a.value("output") else { throw ValidationError("Missing '--output <OUT>'.") }
    output = o
    if let f = a.value("format") {
      format = f
    } else {
      let ext = URL(fileURLWithPath: o).pathExtension.lowercased()
      guard ["png", "svg", "pdf"].contains(ext) else {
        throw ValidationError(
          "Cannot tell the format from '\(o)'; use a .png, .svg or .pdf name or --format.")
      }
      format = ext
    }
    options = try RenderOptions(a)
    strategy = try StrategyCatalog.configure(
      try options.applyingBrush(try StrategySpec.parse(a.value("strategy") ?? "straight")))
    backgroundImage = a.value("background-image")
    showRaw = a.flag("show-raw")
    guard let n = Int(a.value("drawing") ?? "1"), n >= 1 else {
      throw ValidationError("--drawing must be a whole number ≥ 1.")
    }
    drawingIndex = n
    placement = try RenderCommand.placement(page: a.value("page"), field: a.value("field"))
    if placement != nil && format != "pdf" {
      throw ValidationError("--page and --field apply to PDF output only.")
    }
  }

  static func placement(page: String?, field: String?) throws -> PDFPlacement? {
    guard page != nil || field != nil else { return nil }
    guard let page, let field else {
      throw ValidationError("--page and --field go together.")
    }
    let size: (Double, Double)
    switch page.lowercased() {
    case "a4": size = PDFPlacement.a4
    case "letter": size = PDFPlacement.letter
    default:
      let p = page.lowercased().split(separator: "x").compactMap { Double($0) }
      guard p.count == 2, p.allSatisfy({ $0 > 0 && $0 <= 14_400 }) else {
        throw ValidationError("--page must be WxH in points (each in (0, 14400]), a4 or letter.")
      }
      size = (p[0], p[1])
    }
    let f = field.split(separator: ",").compactMap {
      Double($0.trimmingCharacters(in: .whitespaces))
    }
    guard f.count == 4, f.allSatisfy(\.isFinite), f[2] > f[0], f[3] > f[1], f[0] >= 0, f[1] >= 0,
      f[2] <= size.0, f[3] <= size.1
    else {
      throw ValidationError(
        "--field must be X1,Y1,X2,Y2 in points with X1 < X2, Y1 < Y2, inside the page; got '\(field)'."
      )
    }
    return PDFPlacement(
      pageWidth: size.0, pageHeight: size.1,
      field: Rect(minX: f[0], minY: f[1], maxX: f[2], maxY: f[3]))
  }

  func run(console: Console) throws -> ExitCode {
    let drawings = try RenderOptions.loadDrawings(file)
    guard drawingIndex <= drawings.count else {
      throw ValidationError(
        "--drawing \(drawingIndex): '\(file)' holds \(drawings.count) drawing(s).")
    }
    if drawings.count > 1 {
      console.note("'\(file)' holds \(drawings.count) drawings; rendering #\(drawingIndex)")
    }
    var export = DrawingExport(format: DrawingExport.Format(rawValue: format)!)
    export.sizing = options.sizing
    export.margin = options.margin
    export.marginGiven = options.marginGiven
    export.deviceScale = options.deviceScale
    export.supersample = options.supersample
    export.background = options.background
    export.backgroundGiven = options.backgroundGiven
    export.ink = options.ink
    export.inkAlpha = options.inkAlpha
    export.showRaw = showRaw
    export.backgroundImage = backgroundImage
    export.placement = placement
    let data = try export.data(drawings[drawingIndex - 1], strategy: strategy)
    try AtomicFiles.write(data, to: URL(fileURLWithPath: output))
    console.note("wrote \(output) (\(strategy.label), \(data.count) bytes)")
    return .success
  }
}
