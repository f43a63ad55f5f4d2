import SigbenchArguments
import SigbenchCore
import SigbenchRender
import SigbenchStrategies

/// How ink is drawn: the canvas, colours and brush of `render`, `contact-sheet`, `replay` and
/// `run`'s pictures. A command declares the members it takes; the others keep the defaults.
struct RenderOptionGroup {
  /// A picture's size in pixels.
  struct PixelSize: Sendable, Hashable {
    var width: Int
    var height: Int
  }

  static let size = Option<PixelSize>(
    OptionSpec(
      "size", value: "WxH",
      help: "Size of each picture, WxH in CSS px (pixels at device scale 1); the ink is fitted "
        + "into it.")
  ) { text, use in
    let sides = use.range ?? 1...8192
    let parts = text.lowercased().split(separator: "x")
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
      sides.contains(Double(w)), sides.contains(Double(h))
    else {
      throw ValidationError(
        "--\(use.long) must be WxH with each side a whole number of pixels in "
          + "\(use.rangeText ?? "1…8192"); got '\(text)'.")
    }
    return PixelSize(width: w, height: h)
  }.within(1...8192)
  static let margin = Option.number(
    "margin", value: "PX", help: "Free space around the ink, CSS px."
  ).within(0...10_000.0).defaultNote("10 for PNG, 0 for SVG and PDF: a tight box")
  static let pxPerUnit = Option.number(
    "px-per-unit", value: "S",
    help: "Fixed scale: output px per CSS px; the canvas is the ink's bounds plus the margin."
  ).within(0.01...100.0)
  static let deviceScale = Option<Int>.custom(
    "device-scale", value: "N", help: "Device pixels per CSS px (a high-DPI screen).",
    allowed: ["1", "2", "3"]
  ) { Int($0)! }.defaulting(to: "1")
  static let supersample = Option<Int>.custom(
    "supersample", value: "N", help: "Sub-samples per pixel and axis (coverage anti-aliasing).",
    allowed: ["2", "4"]
  ) { Int($0)! }.defaulting(to: "2")
  static let background = color(
    "background", help: "Background: #rrggbb, #rrggbbaa, a name, or transparent.")
  static let ink = color("ink", help: "Ink colour: #rrggbb, #rrggbbaa or a name.")
  static let inkAlpha = Option.number(
    "ink-alpha", value: "A", help: "Ink opacity, per stroke layer."
  ).within(0...1.0)
  static let preset = Option<Brush>.custom(
    "preset", value: "NAME",
    help: "Brush: pen (black, 5 px), red-pen (5 px), highlighter (yellow, 25 px, opacity 0.3).",
    allowed: Brush.presets.map(\.name)
  ) { Brush.preset(named: $0)! }
  static let drawing = Option.integer(
    "drawing", help: "Which drawing of a multi-drawing file (1-based)."
  ).within(1...Int.max).defaulting(to: "1")

  static func color(_ long: String, help: String) -> Option<RGBA> {
    Option<RGBA>.custom(long, value: "COLOR", help: help) { text in
      guard let c = RGBA(parsing: text) else {
        throw ValidationError(
          "--\(long) must be #rrggbb, #rrggbbaa, transparent or one of black, white, red, "
            + "blue, yellow; got '\(text)'.")
      }
      return c
    }
  }

  /// The canvas options of `render`.
  static let canvas: [OptionSpec] = [
    size.spec, margin.spec, pxPerUnit.spec, deviceScale.spec, supersample.spec,
    background.spec.defaultNote("white for PNG, none for SVG and PDF"),
    ink.spec.defaultNote("the preset's, else black"),
    inkAlpha.spec.defaultNote("the preset's, else 1"), preset.spec,
  ]

  var size: PixelSize?
  var margin = 10.0
  /// True when `--margin` was given (vector output is otherwise cropped tight).
  var marginGiven = false
  var pxPerUnit: Double?
  var deviceScale = 1
  var supersample = 2
  var background = RGBA.white
  /// True when `--background` was given (vector output then fills its frame with it).
  var backgroundGiven = false
  var ink = RGBA.black
  var inkAlpha = 1.0
  var brush: Brush?
  var drawing = 1

  init(_ a: ParsedArguments) throws {
    func read<V>(_ o: Option<V>) throws -> V? { a.declares(o.spec) ? try a.value(o) : nil }
    size = try read(Self.size)
    pxPerUnit = try read(Self.pxPerUnit)
    if size != nil && pxPerUnit != nil {
      throw ValidationError("Give either --size or --px-per-unit, not both.")
    }
    if let m = try read(Self.margin) { (margin, marginGiven) = (m, true) }
    if let d = try read(Self.deviceScale) { deviceScale = d }
    if let s = try read(Self.supersample) { supersample = s }
    if let b = try read(Self.background) { (background, backgroundGiven) = (b, true) }
    brush = try read(Self.preset)
    ink = try read(Self.ink) ?? brush?.color ?? .black
    inkAlpha = try read(Self.inkAlpha) ?? brush?.opacity ?? 1
    if let d = try read(Self.drawing) { drawing = d }
    try checkBudget()
  }

  /// A `--size` canvas within `InputEnvelope.canvasSubsamples` at the device scale and
  /// supersampling asked for, else a usage error naming the largest square that fits.
  func checkBudget() throws {
    guard let size else { return }
    let needed = CanvasLayout.subsamples(
      size.width * deviceScale, size.height * deviceScale, supersample: supersample)
    let bound = InputEnvelope.canvasSubsamples
    guard needed > bound.value else { return }
    let side = CanvasLayout.largestSquare(deviceScale: deviceScale, supersample: supersample)
    throw ValidationError(
      "--size \(size.width)x\(size.height) at --device-scale \(deviceScale) and --supersample "
        + "\(supersample) needs \(Int(needed)) canvas sub-samples, which "
        + bound.rule
        + "; the largest square at these settings is \(side)x\(side).")
  }

  /// The canvas of `render`: fitted to `--size`, scaled by `--px-per-unit`, else `nil` (the
  /// ink's bounds at 1 px per CSS px).
  var sizing: CanvasSizing? {
    if let size { return .fit(width: size.width, height: size.height, margin: margin) }
    if let pxPerUnit { return .scale(pxPerUnit: pxPerUnit, margin: margin) }
    return nil
  }
}
