import Foundation
import SigbenchCore
import SigbenchFormats
import SigbenchReport
import SigbenchResults
import SigbenchRun

/// `sigbench formats [--study CORPUS | --decode-bench CORPUS[:CORPUS…]]`: the format catalog,
/// the storage study that tells a team which format to keep strokes in, or the decode speed of
/// every reader against its target (≥ 20 MB/s for the text readers, ≥ 7 MB/s for the XML
/// readers, ≥ 200 MB/s for the binary `.sbi`; `FormatDecodeBench.target(forRow:)`).
struct FormatsCommand: Command {
  static let spec = CommandSpec(
    name: "formats",
    abstract:
      "List the stroke formats, study which one to store strokes in, or time their readers.",
    discussion: """
      With --study, every drawing of the corpus is written in each writable format and read back:
      bytes per sample raw and gzip-compressed, encode and decode time per sample (release builds
      only are representative), and the worst position, time and pressure error of the round trip.
      With --decode-bench, every file under the given folders or files (':'-separated) is read
      into memory and timed with its reader, and every drawing they hold is also written by each
      writable format (IAM-OnDB input is synthesised) so every reader has input: bytes, samples,
      median decode time, MB/s, ns/sample and the target (line formats ≥ 20 MB/s, XML ≥ 7 MB/s,
      .sbi ≥ 200 MB/s) with met/MISSED. Exit 0 whether or not targets are met.
      Both time through the closure harness (calibrated clock, verified warm-up, --repetitions
      timed passes, median) and write <out>/format-study/<id>/format-study.json or
      <out>/decode-bench/<id>/decode-bench.json.
      """,
    options: [
      OptionSpec(
        "study", value: "CORPUS", help: "Run the storage study over a corpus folder or file."),
      OptionSpec(
        "decode-bench", value: "CORPUS[:CORPUS…]",
        help:
          "Time every reader's decoding of these folders or files (and their drawings re-encoded)."),
      OptionSpec(
        "repetitions", value: "N",
        help: "Timed passes per format in the study or the decode bench (after warm-up; median).",
        default: "3"),
      OptionGroups.out,
      OptionSpec("json", help: "Print machine-readable JSON on stdout."),
    ])

  let study: String?
  let decodeBench: [String]?
  let repetitions: Int
  let out: String
  let json: Bool

  init(_ a: ParsedArguments) throws {
    study = a.value("study")
    decodeBench = a.value("decode-bench").map {
      $0.split(separator: ":", omittingEmptySubsequences: true).map(String.init)
    }
    if study != nil, decodeBench != nil {
      throw ValidationError(
        "--study and --decode-bench cannot be combined; run them one at a time.")
    }
    if let d = decodeBench, d.isEmpty {
      throw ValidationError("--decode-bench needs at least one folder or file.")
    }
    guard let r = Int(a.value("repetitions")!), (1...100).contains(r) else {
      throw ValidationError(
        "--repetitions must be a whole number in 1…100; got '\(a.value("repetitions")!)'.")
    }
    repetitions = r
    out = a.value("out")!
    json = a.flag("json")
  }

  func run(console: Console) throws -> ExitCode {
    if let decodeBench { return try runDecodeBench(decodeBench, console: console) }
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
      let descriptors = FormatCatalog.all.map(\.descriptor)
      let idWidth = (descriptors.map(\.id.count).max() ?? 0) + 2
      for d in descriptors {
        let ext = d.extensions.map { "." + $0 }.joined(separator: " ")
        console.out(
          "\(d.id.padding(toLength: idWidth, withPad: " ", startingAt: 0))"
            + "\(d.canWrite ? "read/write" : "read      ")  \(ext)")
        console.out("              \(d.summary) Units: \(d.units)")
      }
      return .success
    }
    let input = try CorpusInput.load(study, progress: console.progress)
    let harness = TimingResultsFile.harness(runs: repetitions)
    var result = FormatStudy.run(drawings: input.drawings, timer: harness.closureTimer)
    result.timer = harness.timer
    result.context = TimingResultsFile.context(timer: harness.timer)
    let file = try TimingResultsFile.write(result, kind: "format-study", out: out)
    if json {
      console.out(try JSONOutput.string(result))
    } else {
      console.out(
        "format study over \(result.drawings) drawings, \(result.samples) samples, "
          + "\(result.repetitions) timed passes after warm-up (\(BuildConfiguration.current) build)"
      )
      console.out(FormatTables.study(result))
      console.out("results: \(file.path)")
    }
    return input.loaded.rejected.isEmpty ? .success : .rejectedInputs
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

/// Sorted, pretty JSON for `--json` output (the one JSON form of result files).
enum JSONOutput {
  static func string<T: Encodable>(_ value: T) throws -> String {
    String(decoding: try ResultJSON.encode(value), as: UTF8.self)
  }
}
