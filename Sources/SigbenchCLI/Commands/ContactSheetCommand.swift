import Foundation
import SigbenchArguments
import SigbenchCore
import SigbenchFiles
import SigbenchRender
import SigbenchResults
import SigbenchRun
import SigbenchStrategies

/// `sigbench contact-sheet --corpus DIR --strategies SPEC -o sheet.png`.
struct ContactSheetCommand: Command {
  static let spec = CommandSpec(
    name: "contact-sheet",
    abstract: "Draw a labelled PNG grid: one row per drawing, raw samples then each strategy.",
    discussion: """
      Reads every drawing under the corpus folder (or one file); unsupported files are skipped
      and malformed ones rejected with a note (exit 4 when any were rejected). Each row shares
      one scale so strategies compare directly. Labels use libgd's built-in font.
      """,
    options: [
      CorpusOptions.corpus.requiredHere().spec, StrategyOptions.strategies(default: .all),
      OutputOptions.output.requiredHere().spec, Self.cell.spec, RenderOptionGroup.supersample.spec,
      limit.spec, RenderOptionGroup.preset.spec, OutputOptions.quiet.spec,
    ])

  static let cell = RenderOptionGroup.size.declaring("cell", help: "Cell size in pixels.")
    .defaulting(to: "240x140")
  static let limit = Option.integer("limit", help: "At most N drawings (first in path order).")
    .within(1...Int.max)

  let corpus: CorpusOptions
  let output: String
  let strategies: [ConfiguredStrategy]
  let cell: RenderOptionGroup.PixelSize
  let render: RenderOptionGroup
  let limit: Int?

  init(_ a: ParsedArguments) throws {
    corpus = try CorpusOptions(a)
    output = try a.required(OutputOptions.output)
    render = try RenderOptionGroup(a)
    strategies = try StrategyResolver.resolve(
      try a.required(StrategyOptions.strategies), brush: render.brush)
    cell = try a.required(Self.cell)
    limit = try a.value(Self.limit)
  }

  func run(console: Console) throws -> ExitCode {
    let input = try CorpusInput.load(corpus.path, progress: console.progress)
    var drawings = input.drawings
    if let limit { drawings = Array(drawings.prefix(limit)) }
    var sheet = ContactSheet()
    (sheet.cellWidth, sheet.cellHeight) = (cell.width, cell.height)
    sheet.supersample = render.supersample
    if let brush = render.brush {
      sheet.ink = brush.color
      sheet.inkOpacity = brush.opacity
    }
    let image = try sheet.render(drawings: drawings, strategies: strategies)
    try AtomicFiles.write(image.pngData(level: 6), to: URL(fileURLWithPath: output))
    console.note(
      "wrote \(output): \(drawings.count) drawings × \(strategies.count) strategies, "
        + "\(image.width)×\(image.height) px")
    return input.loaded.rejected.isEmpty ? .success : .rejectedInputs
  }
}
