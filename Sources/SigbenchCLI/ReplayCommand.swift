import Foundation
import SigbenchCore
import SigbenchRender
import SigbenchResults
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
      OptionSpec(
        "strategies", value: "SPEC",
        help: "Comma-separated strategy specs (default: every strategy with default options)."),
      OptionSpec("output", short: "o", value: "OUT", help: "Output GIF."),
      OptionSpec("size", value: "WxH", help: "Size of each panel in pixels.", default: "360x200"),
      OptionSpec(
        "supersample", value: "N", help: "Sub-samples per pixel and axis.", default: "2",
        allowed: ["2", "4"]),
      OptionSpec("ink", value: "COLOR", help: "Stable ink colour.", default: "black"),
      OptionSpec(
        "tentative", value: "COLOR", help: "Colour of the tentative tail.", default: "#e65014"),
      OptionSpec(
        "interval", value: "SECONDS", help: "Drawing time between frames.", default: "0.04"),
      OptionSpec(
        "drawing", value: "N", help: "Which drawing of a multi-drawing file (1-based).",
        default: "1"),
      OptionSpec("quiet", help: "No notes on stderr."),
    ],
    positionals: [PositionalSpec("file", help: "A drawing in any format sigbench reads.")])

  let file: String
  let output: String
  let strategies: [ConfiguredStrategy]
  let spec: RenderSpec
  let interval: Double
  let drawingIndex: Int

  init(_ a: ParsedArguments) throws {
    file = a.positionals[0]
    guard let o = a.value("output") else { throw ValidationError("Missing '--output <OUT>'.") }
    output = o
    strategies =
      try a.value("strategies").map { try StrategyCatalog.configureList($0) }
      ?? StrategyCatalog.defaults()
    let (w, h) = try RenderOptions.size(a.value("size") ?? "360x200", "--size")
    var s = RenderSpec()
    s.width = w
    s.height = h
    s.supersample = Int(a.value("supersample") ?? "2") ?? 2
    s.ink = try RenderOptions.color(a.value("ink") ?? "black", "--ink")
    s.tentative = try RenderOptions.color(a.value("tentative") ?? "#e65014", "--tentative")
    spec = s
    interval = try RenderOptions.number(a.value("interval") ?? "0.04", "--interval", 0.02...10)
    guard let n = Int(a.value("drawing") ?? "1"), n >= 1 else {
      throw ValidationError("--drawing must be a whole number ≥ 1.")
    }
    drawingIndex = n
  }

  func run(console: Console) throws -> ExitCode {
    let drawings = try RenderOptions.loadDrawings(file)
    guard drawingIndex <= drawings.count else {
      throw ValidationError(
        "--drawing \(drawingIndex): '\(file)' holds \(drawings.count) drawing(s).")
    }
    var replay = ReplayAnimation(spec: spec)
    replay.frameInterval = interval
    let bytes = try replay.gif(drawings[drawingIndex - 1], strategies: strategies)
    try AtomicFiles.write(Data(bytes), to: URL(fileURLWithPath: output))
    console.note("wrote \(output) (\(bytes.count) bytes, \(strategies.count) panel(s))")
    return .success
  }
}
