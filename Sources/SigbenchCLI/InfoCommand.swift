import Foundation
import SigbenchCore
import SigbenchFormats
import SigbenchReport
import SigbenchResults

/// `sigbench info FILE`: what a file holds, as its reader understood it.
struct InfoCommand: Command {
  static let spec = CommandSpec(
    name: "info",
    abstract: "Describe a stroke file: strokes, samples, channels, units, rate, bounds.",
    options: [
      OptionSpec(
        "format", value: "ID",
        help: "Read with this format instead of choosing by name and content."),
      OptionSpec(
        "units", value: "UNITS",
        help: "Override a reader's guess of native units (e.g. mm, device)."),
      OptionSpec("json", help: "Print machine-readable JSON on stdout."),
    ],
    positionals: [PositionalSpec("file", help: "The stroke file.")])

  let file: String
  let format: (any StrokeFormat)?
  let options: DecodeOptions
  let json: Bool

  init(_ a: ParsedArguments) throws {
    file = a.positionals[0]
    format = try InfoCommand.format(a.value("format"))
    var o = DecodeOptions()
    if let u = a.value("units"), !DecodeOptions.isKnownUnit(u) {
      throw ValidationError(
        "--units must be a length unit such as mm, cm, in, pt or px; got '\(u)'.")
    }
    o.unitsOverride = a.value("units")
    options = o
    json = a.flag("json")
  }

  /// The format named by `--format`, or a usage error listing the ids.
  static func format(_ id: String?) throws -> (any StrokeFormat)? {
    guard let id else { return nil }
    guard let f = FormatCatalog.format(id: id) else {
      let hint =
        SigbenchCoreBridge.closest(id, FormatCatalog.ids).map { " Did you mean '\($0)'?" } ?? ""
      throw ValidationError(
        "Unknown format '\(id)'.\(hint) Known: \(FormatCatalog.ids.joined(separator: ", ")).")
    }
    return f
  }

  func run(console: Console) throws -> ExitCode {
    let url = URL(fileURLWithPath: file)
    let loaded: CorpusLoader.Result
    do { loaded = try CorpusLoader(options: options, forcedFormat: format).load(url) } catch {
      throw CommandFailure(.toolError, "cannot read '\(file)': \(SystemErrorText.reason(error))")
    }
    if let s = loaded.skipped.first { throw CommandFailure(.toolError, "\(s)") }
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
      console.out(try JSONOutput.string(infos))
    } else {
      for (i, info) in infos.enumerated() {
        console.out("\(ConsoleTables.drawingInfo(info))\(i + 1 < infos.count ? "\n" : "")")
      }
    }
    return .success
  }
}
