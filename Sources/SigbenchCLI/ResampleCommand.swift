import Foundation
import SigbenchCore
import SigbenchFormats
import SigbenchResults
import SigbenchRun
import SigbenchSynth

/// `sigbench resample FILE --rate HZ -o OUT`: a timed recording re-sampled at another rate
/// (linear interpolation in time, `Resampler`), written in the native format.
struct ResampleCommand: Command {
  static let spec = CommandSpec(
    name: "resample", abstract: "Re-sample a timed recording at another rate.",
    discussion: """
      Reads any supported format and writes the native format (.sigbench.json). Each stroke keeps
      its first and last samples; in between, samples are taken every 1/HZ seconds from the
      stroke's first timestamp, interpolated linearly in time (x, y, pressure, tilt; azimuth
      along the shorter arc). The metadata's rate becomes HZ and a note 'resampled from=… to=…'
      is added. Untimed input is an error (exit 1). A file holding several drawings is written
      as OUT-1.sigbench.json, OUT-2.sigbench.json, …
      """,
    options: [
      OptionSpec("rate", value: "HZ", help: "Target rate in Hz (1-10000)."),
      OptionSpec("output", short: "o", value: "OUT", help: "Output file (.sigbench.json)."),
    ],
    positionals: [PositionalSpec("file", help: "A timed recording in any format sigbench reads.")])

  let file: String
  let output: String
  let rate: Double

  init(_ a: ParsedArguments) throws {
    file = a.positionals[0]
    guard let r = a.value("rate") else { throw ValidationError("Missing '--rate <HZ>'.") }
    rate = try RenderOptions.number(r, "--rate", Resampler.rates)
    guard let o = a.value("output") else { throw ValidationError("Missing '--output <OUT>'.") }
    guard o.lowercased().hasSuffix(".sigbench.json") else {
      throw ValidationError("resample writes the native format; OUT must end in .sigbench.json.")
    }
    output = o
  }

  func run(console: Console) throws -> ExitCode {
    let drawings = try CorpusInput.load(file, policy: .everyFile).drawings
    let targets: [URL]
    if drawings.count == 1 {
      targets = [URL(fileURLWithPath: output)]
    } else {
      let stem = String(output.dropLast(".sigbench.json".count))
      targets = drawings.indices.map { URL(fileURLWithPath: "\(stem)-\($0 + 1).sigbench.json") }
    }
    for (drawing, url) in zip(drawings, targets) {
      let resampled: Drawing
      do { resampled = try Resampler.resample(drawing, to: rate) } catch {
        throw CommandFailure(.toolError, "cannot resample \(file): \(error.message)")
      }
      let data: Data
      do { data = try NativeFormat().encode(resampled) } catch {
        throw CommandFailure(
          .toolError, "cannot write \(url.path): \(SystemErrorText.reason(error))")
      }
      try AtomicFiles.write(data, to: url)
      console.out(
        "\(url.path): \(drawing.sampleCount) → \(resampled.sampleCount) samples at "
          + "\(Rounding.text(rate)) Hz")
    }
    return .success
  }
}
