import Foundation
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
      OptionSpec("output", short: "o", value: "FILE", help: "Output file."),
      OptionSpec("format", value: "ID", help: "Output format id (default: from OUT's extension)."),
      OptionSpec(
        "from", value: "ID", help: "Input format id (default: from IN's name and content)."),
      OptionSpec(
        "units", value: "UNITS",
        help: "Override a reader's guess of native units (e.g. mm, device)."),
    ],
    positionals: [PositionalSpec("input", help: "The stroke file to read.")])

  let input: String
  let output: String
  let writer: any StrokeFormat
  let reader: (any StrokeFormat)?
  let options: DecodeOptions

  init(_ a: ParsedArguments) throws {
    input = a.positionals[0]
    guard let out = a.value("output") else { throw ValidationError("Missing '-o <FILE>'.") }
    output = out
    reader = try InfoCommand.format(a.value("from"))
    if let id = a.value("format") {
      guard let f = try InfoCommand.format(id), f.descriptor.canWrite else {
        throw ValidationError(
          "Format '\(id)' cannot be written. Writable: \(ConvertCommand.writable).")
      }
      writer = f
    } else {
      guard
        let f = FormatCatalog.candidates(forFileName: out).first(where: { $0.descriptor.canWrite })
      else {
        throw ValidationError(
          "Cannot tell the output format from '\(out)'; use --format (writable: \(ConvertCommand.writable))."
        )
      }
      writer = f
    }
    var o = DecodeOptions()
    if let u = a.value("units"), !DecodeOptions.isKnownUnit(u) {
      throw ValidationError(
        "--units must be a length unit such as mm, cm, in, pt or px; got '\(u)'.")
    }
    o.unitsOverride = a.value("units")
    options = o
  }

  static var writable: String {
    FormatCatalog.all.filter(\.descriptor.canWrite)
      .map { "\($0.descriptor.id) (.\($0.descriptor.extensions[0]))" }.joined(separator: ", ")
  }

  func run(console: Console) throws -> ExitCode {
    let loaded: CorpusLoader.Result
    do {
      loaded = try CorpusLoader(options: options, forcedFormat: reader).load(
        URL(fileURLWithPath: input))
    } catch {
      throw CommandFailure(.toolError, "cannot read '\(input)': \(SystemErrorText.reason(error))")
    }
    if let s = loaded.skipped.first { throw CommandFailure(.toolError, "\(s)") }
    if let r = loaded.rejected.first {
      console.err("rejected \(r)")
      return .rejectedInputs
    }
    for w in loaded.warnings { console.note("warning: \(w)") }
    let out = URL(fileURLWithPath: output)
    let targets: [URL]
    if loaded.drawings.count == 1 {
      targets = [out]
    } else {
      let ext =
        writer.descriptor.extensions.first { output.lowercased().hasSuffix("." + $0) }
        ?? writer.descriptor.extensions[0]
      let stem = String(
        output.dropLast(output.lowercased().hasSuffix("." + ext) ? ext.count + 1 : 0))
      targets = loaded.drawings.indices.map { URL(fileURLWithPath: "\(stem)-\($0 + 1).\(ext)") }
    }
    for (drawing, url) in zip(loaded.drawings, targets) {
      let data: Data
      do { data = try writer.encode(drawing) } catch {
        throw CommandFailure(
          .toolError,
          "cannot write \(url.path) as \(writer.descriptor.id): \(SystemErrorText.reason(error))")
      }
      try AtomicFiles.write(data, to: url)
      console.out(url.path)
    }
    return .success
  }
}
