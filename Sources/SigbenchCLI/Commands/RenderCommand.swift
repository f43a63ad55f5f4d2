import Foundation
import SigbenchArguments
import SigbenchCore
import SigbenchFiles
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
      StrategyOptions.strategy.defaulting(to: StrategyCatalog.referenceID).spec,
      OutputOptions.output.requiredHere().spec, format.spec, backgroundImage.spec, showRaw.spec,
      RenderOptionGroup.drawing.spec, page.spec, field.spec, OutputOptions.quiet.spec,
    ] + RenderOptionGroup.canvas,
    positionals: [PositionalSpec("file", help: "A drawing in any format sigbench reads.")])

  static let format = Option.text(
    "format", value: "ID", help: "Format, by id."
  ).allowing(DrawingExport.Format.allCases.map(\.rawValue)).defaultNote("from OUT's extension")
  static let backgroundImage = Option.text(
    "background-image", value: "FILE", help: "Draw over this picture (PNG, JPEG or GIF).")
  static let showRaw = Flag(
    "show-raw", help: "Draw the raw samples as small grey dots under the ink.")
  static let page = Option.text(
    "page", value: "WxH|a4|letter", help: "PDF page size in points (needs --field).")
  static let field = Option.text(
    "field", value: "X1,Y1,X2,Y2",
    help: "PDF signature field in points from the page's bottom-left corner (needs --page).")

  let file: String
  let output: String
  let format: DrawingExport.Format
  let strategy: ConfiguredStrategy
  let options: RenderOptionGroup
  let backgroundImage: String?
  let showRaw: Bool
  let placement: PDFPlacement?

  init(_ a: ParsedArguments) throws {
    file = a.positionals[0]
    output = try a.required(OutputOptions.output)
    if let f = try a.value(Self.format) {
      format = DrawingExport.Format(rawValue: f)!
    } else {
      let ext = URL(fileURLWithPath: output).pathExtension.lowercased()
      guard let f = DrawingExport.Format(rawValue: ext) else {
        throw ValidationError(
          "Cannot tell the format from '\(output)'; use a .png, .svg or .pdf name or --format.")
      }
      format = f
    }
    options = try RenderOptionGroup(a)
    strategy = try StrategyCatalog.configure(
      try StrategyResolver.applying(
        options.brush, to: try StrategySpec.parse(try a.required(StrategyOptions.strategy))))
    backgroundImage = try a.value(Self.backgroundImage)
    showRaw = a.flag(Self.showRaw)
    let (page, field) = (try a.value(Self.page), try a.value(Self.field))
    do { placement = try PDFPlacement.parse(page: page, field: field) } catch {
      throw ValidationError(error.description)
    }
    if placement != nil && format != .pdf {
      throw ValidationError("--page and --field apply to PDF output only.")
    }
  }

  func run(console: Console) throws -> ExitCode {
    let (drawing, count) = try CorpusInput.drawing(file, index: options.drawing)
    if count > 1 { console.note("'\(file)' holds \(count) drawings; drawing #\(options.drawing)") }
    var export = DrawingExport(format: format)
    export.sizing = options.sizing
    (export.margin, export.marginGiven) = (options.margin, options.marginGiven)
    export.deviceScale = options.deviceScale
    export.supersample = options.supersample
    (export.background, export.backgroundGiven) = (options.background, options.backgroundGiven)
    (export.ink, export.inkAlpha) = (options.ink, options.inkAlpha)
    export.showRaw = showRaw
    export.backgroundImage = backgroundImage
    export.placement = placement
    let data = try export.data(drawing, strategy: strategy)
    try AtomicFiles.write(data, to: URL(fileURLWithPath: output))
    console.note("wrote \(output) (\(strategy.label), \(data.count) bytes)")
    return .success
  }
}
