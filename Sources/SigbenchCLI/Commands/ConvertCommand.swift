import Foundation
import SigbenchArguments
import SigbenchCore
import SigbenchFormats
import SigbenchResults
import SigbenchRun

/// `sigbench convert IN -o OUT`: reads any supported format, writes a writable one.
struct ConvertCommand: Command {
  static let spec = CommandSpec(
    name: "convert", abstract: "Convert a stroke file to another format.",
    discussion: """
      The output format follows OUT's extension (--format overrides). A file holding several
      drawings (Quick Draw ndjson) is written as OUT-1.ext, OUT-2.ext, … one drawing per file.
      """,
    options: [
      OutputOptions.output.requiredHere().spec,
      InfoCommand.format.spec.defaultNote("from OUT's extension"),
      from.spec.defaultNote("chosen by IN's name and content"), InfoCommand.units.spec,
    ],
    positionals: [PositionalSpec("input", help: "The stroke file to read.")])

  static let from = Option<any StrokeFormat>.custom(
    "from", value: "ID", help: "The input's format, by id."
  ) { try StrokeFiles.format(id: $0) }

  let input: String
  let output: String
  let writer: any StrokeFormat
  let reader: (any StrokeFormat)?
  let options: DecodeOptions

  init(_ a: ParsedArguments) throws {
    input = a.positionals[0]
    let out = try a.required(OutputOptions.output)
    output = out
    reader = try a.value(Self.from)
    writer = try StrokeFiles.writer(try a.value(InfoCommand.format), output: out)
    var o = DecodeOptions()
    o.unitsOverride = try a.value(InfoCommand.units)
    options = o
  }

  func run(console: Console) throws -> ExitCode {
    let loaded = try StrokeFiles.read(input, options: options, format: reader)
    if let r = loaded.rejected.first {
      console.err("rejected \(r)")
      return .rejectedInputs
    }
    for w in loaded.warnings { console.note("warning: \(w)") }
    let targets = StrokeFiles.targets(
      output, count: loaded.drawings.count, extensions: writer.descriptor.extensions)
    for (drawing, url) in zip(loaded.drawings, targets) {
      try StrokeFiles.write(drawing, as: writer, to: url)
      console.out(url.path)
    }
    return .success
  }
}
