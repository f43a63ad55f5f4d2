import Foundation
import SigbenchCore
import SigbenchRender
import SigbenchRun
import SigbenchStrategies

/// The canvas, colour and brush flags shared by `render`, `contact-sheet` and `replay`, parsed
/// and validated in one place so every command reads them the same way.
struct RenderOptions {
  /// Flags that take part in every picture.
  static let canvasOptions: [OptionSpec] = [
    OptionSpec(
      "size", value: "WxH",
      help: "Canvas size in CSS px; the ink is fitted into it (with --margin)."),
    OptionSpec(
      "margin", value: "PX",
      help:
        "Free space around the ink, CSS px (default: 10 for PNG, 0 for SVG and PDF: a tight box)."),
    OptionSpec(
      "px-per-unit", value: "S",
      help: "Fixed scale: output px per CSS px; the canvas is the ink's bounds plus the margin."),
    OptionSpec(
      "device-scale", value: "N", help: "Device pixels per CSS px (a high-DPI screen).",
      default: "1", allowed: ["1", "2", "3"]),
    OptionSpec(
      "supersample", value: "N", help: "Sub-samples per pixel and axis (coverage anti-aliasing).",
      default: "2", allowed: ["2", "4"]),
    OptionSpec(
      "background", value: "COLOR",
      help: "Background: #rrggbb, #rrggbbaa, a name, or transparent (default: white for "
        + "PNG, none for SVG and PDF)."),
    OptionSpec("ink", value: "COLOR", help: "Ink colour (default: the preset's, else black)."),
    OptionSpec(
      "ink-alpha", value: "A", help: "Ink opacity in [0, 1], per stroke layer (default: preset's)."),
    OptionSpec(
      "preset", value: "NAME",
      help: "Brush: pen (black, 5 px), red-pen (5 px), highlighter (yellow, 25 px, opacity 0.3).",
      allowed: Brush.presets.map(\.name)),
  ]

  var sizing: CanvasSizing?
  var margin: Double
  /// True when `--margin` was given (vector output is otherwise cropped tight).
  var marginGiven: Bool
  var deviceScale: Int
  var supersample: Int
  var background: RGBA
  /// True when `--background` was given (vector output then fills its frame with it; by
  /// default SVG and PDF have no background).
  var backgroundGiven: Bool
  var ink: RGBA
  var inkAlpha: Double
  var brush: Brush?

  init(_ a: ParsedArguments) throws {
    margin = try RenderOptions.number(a.value("margin") ?? "10", "--margin", 0...10_000)
    marginGiven = a.value("margin") != nil
    deviceScale = Int(a.value("device-scale") ?? "1") ?? 1
    supersample = Int(a.value("supersample") ?? "2") ?? 2
    if a.value("size") != nil && a.value("px-per-unit") != nil {
      throw ValidationError("Give either --size or --px-per-unit, not both.")
    }
    if let s = a.value("size") {
      let (w, h) = try RenderOptions.size(s, "--size")
      sizing = .fit(width: w, height: h, margin: margin)
    } else if let s = a.value("px-per-unit") {
      sizing = .scale(
        pxPerUnit: try RenderOptions.number(s, "--px-per-unit", 0.01...100), margin: margin)
    }
    background = try RenderOptions.color(a.value("background") ?? "white", "--background")
    backgroundGiven = a.value("background") != nil
    brush = a.value("preset").flatMap(Brush.preset(named:))
    ink = try a.value("ink").map { try RenderOptions.color($0, "--ink") } ?? brush?.color ?? .black
    inkAlpha =
      try a.value("ink-alpha").map { try RenderOptions.number($0, "--ink-alpha", 0...1) }
      ?? brush?.opacity ?? 1
  }

  /// `strategy` with the brush's width as its `size` (the constant width model's full width,
  /// CSS px) when the strategy has that option and the user left it unset.
  func applyingBrush(_ spec: StrategySpec) throws -> StrategySpec {
    guard let brush, !spec.options.contains(where: { $0.name == "size" }) else { return spec }
    let entry = try StrategyCatalog.entry(spec.id)
    guard entry.descriptor.parameters.contains(where: { $0.name == "size" }) else { return spec }
    var s = spec
    s.options.append(.init(name: "size", value: ParameterValue.format(brush.width)))
    return s
  }

  /// Configures a comma-separated list of specs with the brush applied to each.
  func strategies(_ text: String) throws -> [ConfiguredStrategy] {
    var seen: Set<String> = []
    var out: [ConfiguredStrategy] = []
    for spec in try StrategySpec.parseList(text) {
      let c = try StrategyCatalog.configure(try applyingBrush(spec))
      if seen.insert(c.label).inserted { out.append(c) }
    }
    return out
  }

  // MARK: Parsing helpers

  static func size(_ text: String, _ flag: String) throws -> (Int, Int) {
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...8192).contains(w),
      (1...8192).contains(h)
    else {
      throw ValidationError(
        "\(flag) must be WxH with each side a whole number in 1…8192; got '\(text)'.")
    }
    return (w, h)
  }

  static func number(_ text: String, _ flag: String, _ range: ClosedRange<Double>) throws -> Double
  {
    guard let v = Double(text), v.isFinite, range.contains(v) else {
      throw ValidationError(
        "\(flag) must be a number in [\(ParameterValue.format(range.lowerBound)), "
          + "\(ParameterValue.format(range.upperBound))]; got '\(text)'.")
    }
    return v
  }

  static func color(_ text: String, _ flag: String) throws -> RGBA {
    guard let c = RGBA(parsing: text) else {
      throw ValidationError(
        "\(flag) must be #rrggbb, #rrggbbaa, transparent or one of black, white, red, blue, "
          + "yellow; got '\(text)'.")
    }
    return c
  }

  /// Reads the drawings of one file through the format catalog; rejected or unreadable files
  /// fail with the loader's reason.
  /// Every drawing of `path`; any file that cannot be read is an error naming it.
  static func loadDrawings(_ path: String) throws -> [Drawing] {
    try CorpusInput.load(path, policy: .everyFile).drawings
  }
}
