import Foundation
import SigbenchArguments
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
      study.spec, decodeBench.spec,
      BenchOptionGroup.repetitions.within(1...100).defaulting(to: "3").spec,
      OutputOptions.out.spec, OutputOptions.json.spec,
    ])

  static let study = Option.text(
    "study", value: "CORPUS", help: "Run the storage study over a corpus folder or file.")
  static let decodeBench = Option<[String]>.custom(
    "decode-bench", value: "CORPUS[:CORPUS…]",
    help: "Time every reader's decoding of these folders or files (and their drawings re-encoded)."
  ) { text in
    let paths = text.split(separator: ":", omittingEmptySubsequences: true).map(String.init)
    guard !paths.isEmpty else {
      throw ValidationError("--decode-bench needs at least one folder or file.")
    }
    return paths
  }

  let study: String?
  let decodeBench: [String]?
  let repetitions: Int
  let out: String
  let json: Bool

  init(_ a: ParsedArguments) throws {
    study = try a.value(Self.study)
    decodeBench = try a.value(Self.decodeBench)
    if study != nil, decodeBench != nil {
      throw ValidationError(
        "--study and --decode-bench cannot be combined; run them one at a time.")
    }
    repetitions = try a.required(BenchOptionGroup.repetitions)
    out = try a.outFolder()
    json = a.flag(OutputOptions.json)
  }

  func run(console: Console) throws -> ExitCode {
    let measure = FormatMeasurements(repetitions: repetitions, out: out)
    if let decodeBench {
      let (result, file, files) = try measure.decodeBench(decodeBench, progress: console.progress)
      if json {
        try console.outJSON(result)
      } else {
        console.out("decode bench over \(files) file(s) (\(BuildConfiguration.current) build)")
        console.out(FormatTables.decodeBench(result))
        console.out("results: \(file.path)")
      }
      return .success
    }
    guard let study else {
      let rows = FormatCatalog.all.map(\.descriptor).map { d in
        FormatListing(
          id: d.id, name: d.name, extensions: d.extensions, canWrite: d.canWrite, units: d.units,
          summary: d.summary)
      }
      if json { try console.outJSON(rows) } else { FormatTables.catalog(rows).forEach(console.out) }
      return .success
    }
    let (result, file, rejected) = try measure.study(study, progress: console.progress)
    if json {
      try console.outJSON(result)
    } else {
      console.out(
        "format study over \(result.drawings) drawings, \(result.samples) samples, "
          + "\(result.repetitions) timed passes after warm-up (\(BuildConfiguration.current) build)"
      )
      console.out(FormatTables.study(result))
      console.out("results: \(file.path)")
    }
    return rejected ? .rejectedInputs : .success
  }
}
