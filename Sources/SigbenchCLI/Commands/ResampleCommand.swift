import Foundation
import SigbenchArguments
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
      rate.within(Resampler.rates).requiredHere().spec, OutputOptions.output.requiredHere().spec,
    ],
    positionals: [PositionalSpec("file", help: "A timed recording in any format sigbench reads.")])

  static let rate = Option.number("rate", value: "HZ", help: "Target rate in Hz.")

  let file: String
  let output: String
  let rate: Double

  init(_ a: ParsedArguments) throws {
    file = a.positionals[0]
    rate = try a.required(Self.rate)
    let o = try a.required(OutputOptions.output)
    guard o.lowercased().hasSuffix(".sigbench.json") else {
      throw ValidationError("resample writes the native format; OUT must end in .sigbench.json.")
    }
    output = o
  }

  func run(console: Console) throws -> ExitCode {
    let drawings = try CorpusInput.load(file, policy: .everyFile).drawings
    let native = NativeFormat()
    let targets = StrokeFiles.targets(
      output, count: drawings.count, extensions: native.descriptor.extensions)
    for (drawing, url) in zip(drawings, targets) {
      let resampled: Drawing
      do { resampled = try Resampler.resample(drawing, to: rate) } catch {
        throw CommandFailure(.toolError, "cannot resample \(file): \(error.message)")
      }
      try StrokeFiles.write(resampled, as: native, to: url)
      console.out(
        "\(url.path): \(drawing.sampleCount) → \(resampled.sampleCount) samples at "
          + "\(Rounding.text(rate)) Hz")
    }
    return .success
  }
}
