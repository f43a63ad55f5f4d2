import Foundation
import SigbenchArguments
import SigbenchCore
import SigbenchFiles
import SigbenchRender
import SigbenchResults
import SigbenchRun
import SigbenchStrategies

/// `sigbench replay FILE --strategies SPEC -o replay.gif`.
struct ReplayCommand: Command {
  static let spec = CommandSpec(
    name: "replay",
    abstract: "Animate one drawing being drawn at its real timing (GIF), strategies side by side.",
    discussion: """
      Every sample is pushed into each strategy as a capture view would, and the live canvas
      (stable ink plus the tentative tail in --tentative colour) is captured every --interval
      seconds of drawing time. Frame delays follow the recording's own clock; untimed files
      play at 60 samples per second.
      """,
    options: [
      StrategyOptions.strategies(default: .incremental),
      OutputOptions.output.requiredHere().spec,
      RenderOptionGroup.size.defaulting(to: "360x200").spec, RenderOptionGroup.supersample.spec,
      RenderOptionGroup.ink.defaulting(to: "black").spec, tentative.spec, interval.spec,
      RenderOptionGroup.drawing.spec, OutputOptions.quiet.spec,
    ],
    positionals: [PositionalSpec("file", help: "A drawing in any format sigbench reads.")])

  static let tentative = RenderOptionGroup.color(
    "tentative", help: "Colour of the tentative tail."
  ).defaulting(to: "#e65014")
  static let interval = Option.number(
    "interval", value: "SECONDS", help: "Drawing time between frames."
  ).within(0.02...10.0).defaulting(to: "0.04")

  let file: String
  let output: String
  let strategies: [ConfiguredStrategy]
  let spec: RenderSpec
  let interval: Double
  let drawingIndex: Int

  init(_ a: ParsedArguments) throws {
    file = a.positionals[0]
    output = try a.required(OutputOptions.output)
    strategies = try StrategyCatalog.configureList(try a.required(StrategyOptions.strategies))
    let render = try RenderOptionGroup(a)
    var s = RenderSpec()
    (s.width, s.height) = (render.size!.width, render.size!.height)
    s.supersample = render.supersample
    s.ink = render.ink
    s.tentative = try a.required(Self.tentative)
    spec = s
    interval = try a.required(Self.interval)
    drawingIndex = render.drawing
  }

  func run(console: Console) throws -> ExitCode {
    let (drawing, count) = try CorpusInput.drawing(file, index: drawingIndex)
    if count > 1 { console.note("'\(file)' holds \(count) drawings; drawing #\(drawingIndex)") }
    var replay = ReplayAnimation(spec: spec)
    replay.frameInterval = interval
    let bytes = try replay.gif(drawing, strategies: strategies)
    try AtomicFiles.write(Data(bytes), to: URL(fileURLWithPath: output))
    console.note("wrote \(output) (\(bytes.count) bytes, \(strategies.count) panel(s))")
    return .success
  }
}
