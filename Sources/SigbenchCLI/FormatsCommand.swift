import Foundation
import SigbenchCore
import SigbenchFormats

/// `sigbench formats [--study CORPUS]`: the format catalog, or the storage study that tells a
/// team which format to keep strokes in (issue 4, item 12).
struct FormatsCommand: Command {
  static let spec = CommandSpec(
    name: "formats", abstract: "List the stroke formats, or study which one to store strokes in.",
    discussion: """
      With --study, every drawing of the corpus is written in each writable format and read back:
      bytes per sample raw and gzip-compressed, encode and decode time per sample (release builds
      only are representative), and the worst position, time and pressure error of the round trip.
      """,
    options: [
      OptionSpec(
        "study", value: "CORPUS", help: "Run the storage study over a corpus folder or file."),
      OptionSpec(
        "repetitions", value: "N", help: "Timed encode/decode passes per format in the study.",
        default: "3"),
      OptionSpec("json", help: "Print machine-readable JSON on stdout."),
    ])

  let study: String?
  let repetitions: Int
  let json: Bool

  init(_ a: ParsedArguments) throws {
    study = a.value("study")
    guard let r = Int(a.value("repetitions")!), (1...100).contains(r) else {
      throw ValidationError(
        "--repetitions must be a whole number in 1…100; got '\(a.value("repetitions")!)'.")
    }
    repetitions = r
    json = a.flag("json")
  }

  func run(console: Console) throws -> ExitCode {
    guard let study else {
      if json {
        let rows = FormatCatalog.all.map(\.descriptor).map { d in
          FormatListing(
            id: d.id, name: d.name, extensions: d.extensions, canWrite: d.canWrite, units: d.units,
            summary: d.summary)
        }
        console.out(try JSONOutput.string(rows))
        return .success
      }
      for d in FormatCatalog.all.map(\.descriptor) {
        let ext = d.extensions.map { "." + $0 }.joined(separator: " ")
        console.out(
          "\(d.id.padding(toLength: 12, withPad: " ", startingAt: 0))"
            + "\(d.canWrite ? "read/write" : "read      ")  \(ext)")
        console.out("              \(d.summary) Units: \(d.units)")
      }
      return .success
    }
    let loaded = try FormatsCommand.load(study, console: console)
    let result = FormatStudy.run(drawings: loaded.drawings, repetitions: repetitions)
    if json {
      console.out(try JSONOutput.string(result))
    } else {
      console.out(
        "format study over \(result.drawings) drawings, \(result.samples) samples, "
          + "\(result.repetitions) repetitions (\(SigbenchMainBuild.configuration) build)")
      console.out(result.table)
    }
    return loaded.rejected.isEmpty ? .success : .rejectedInputs
  }

  /// Reads a corpus folder or file, reporting skipped and rejected files on stderr.
  static func load(_ path: String, console: Console, options: DecodeOptions = DecodeOptions())
    throws -> CorpusLoader.Result
  {
    let loaded: CorpusLoader.Result
    do { loaded = try CorpusLoader(options: options).load(URL(fileURLWithPath: path)) } catch {
      throw CommandFailure(.toolError, "cannot read '\(path)': \(error.localizedDescription)")
    }
    for s in loaded.skipped { console.note("skipped \(s.file): \(s.reason)") }
    for r in loaded.rejected { console.err("rejected \(r)") }
    return loaded
  }
}

/// One catalog line as JSON.
struct FormatListing: Codable {
  var id: String
  var name: String
  var extensions: [String]
  var canWrite: Bool
  var units: String
  var summary: String
}

/// Sorted, pretty JSON for `--json` output.
enum JSONOutput {
  static func string<T: Encodable>(_ value: T) throws -> String {
    let e = JSONEncoder()
    e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try e.encode(value), as: UTF8.self)
  }
}
