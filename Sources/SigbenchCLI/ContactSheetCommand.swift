import Foundation
import SigbenchCore
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
      OptionSpec("corpus", value: "DIR", help: "Folder (or single file) of recorded strokes."),
      OptionSpec(
        "strategies", value: "SPEC",
        help: "Comma-separated strategy specs (default: every strategy with default options)."),
      OptionSpec("output", short: "o", value: "OUT", help: "Output PNG."),
      OptionSpec("cell", value: "WxH", help: "Cell size in pixels.", default: "240x140"),
      OptionSpec(
        "supersample", value: "N", help: "Sub-samples per pixel and axis.", default: "2",
        allowed: ["2", "4"]),
      OptionSpec("limit", value: "N", help: "At most N drawings (first in path order)."),
      OptionSpec(
        "preset", value: "NAME", help: "Brush preset for the ink.",
        allowed: Brush.presets.map(\.name)),
      OptionSpec("quiet", help: "No notes on stderr."),
    ])

  let corpus: String
  let output: String
  let strategies: [ConfiguredStrategy]
  let cell: (Int, Int)
  let supersample: Int
  let limit: Int?
  let brush: Brush?

  init(_ a: ParsedArguments) throws {
    guard let c = a.value("corpus") else { throw ValidationError("Missing '--corpus <DIR>'.") }
    guard let o = a.value("output") else { throw ValidationError("Missing '--output <OUT>'.") }
    corpus = c
    output = o
    brush = a.value("preset").flatMap(Brush.preset(named:))
    var options = try RenderOptions(ParsedArguments())
    options.brush = brush
    strategies =
      try a.value("strategies").map { try options.strategies($0) }
      ?? StrategyCatalog.all.map {
        try StrategyCatalog.configure(options.applyingBrush(StrategySpec(id: $0.descriptor.id)))
      }
    cell = try RenderOptions.size(a.value("cell") ?? "240x140", "--cell")
    supersample = Int(a.value("supersample") ?? "2") ?? 2
    if let l = a.value("limit") {
      guard let n = Int(l), n >= 1 else {
        throw ValidationError("--limit must be ≥ 1; got '\(l)'.")
      }
      limit = n
    } else {
      limit = nil
    }
  }

  func run(console: Console) throws -> ExitCode {
    let input = try CorpusInput.load(corpus, progress: console.progress)
    var drawings = input.drawings
    if let limit { drawings = Array(drawings.prefix(limit)) }
    var sheet = ContactSheet()
    sheet.cellWidth = cell.0
    sheet.cellHeight = cell.1
    sheet.supersample = supersample
    if let brush {
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
