import Foundation
import SigbenchArguments
import SigbenchCore
import SigbenchFormats
import SigbenchReport
import SigbenchResults
import SigbenchRun

/// `sigbench info FILE`: what a file holds, as its reader understood it.
struct InfoCommand: Command {
  static let spec = CommandSpec(
    name: "info",
    abstract: "Describe a stroke file: strokes, samples, channels, units, rate, bounds.",
    options: [
      format.spec.defaultNote("chosen by the file's name and content"), units.spec,
      OutputOptions.json.spec,
    ],
    positionals: [PositionalSpec("file", help: "The stroke file.")])

  /// `--format`, `--from`: a stroke format by id.
  static let format = Option<any StrokeFormat>.custom(
    "format", value: "ID", help: "Format, by id."
  ) { try StrokeFiles.format(id: $0) }
  static let units = Option<String>.custom(
    "units", value: "UNITS", help: "Override a reader's guess of native units (e.g. mm, device)."
  ) { u in
    guard DecodeOptions.isKnownUnit(u) else {
      throw ValidationError(
        "--units must be a length unit such as mm, cm, in, pt or px; got '\(u)'.")
    }
    return u
  }

  let file: String
  let format: (any StrokeFormat)?
  let options: DecodeOptions
  let json: Bool

  init(_ a: ParsedArguments) throws {
    file = a.positionals[0]
    format = try a.value(Self.format)
    var o = DecodeOptions()
    o.unitsOverride = try a.value(Self.units)
    options = o
    json = a.flag(OutputOptions.json)
  }

  func run(console: Console) throws -> ExitCode {
    let loaded = try StrokeFiles.read(file, options: options, format: format)
    if let r = loaded.rejected.first {
      console.err("rejected \(r)")
      return .rejectedInputs
    }
    let infos = loaded.drawings.map { d in
      DrawingInfo(
        drawing: d,
        warnings: loaded.warnings.filter { $0.file == d.name || d.name.hasPrefix($0.file) })
    }
    if json {
      try console.outJSON(infos)
    } else {
      for (i, info) in infos.enumerated() {
        console.out("\(ConsoleTables.drawingInfo(info))\(i + 1 < infos.count ? "\n" : "")")
      }
    }
    return .success
  }
}
