import Foundation
import SigbenchArguments
import SigbenchResults
import SigbenchRun
import SigbenchSynth

/// `sigbench synth [DIR]`: writes (or with `--check` compares) the synthetic corpus of
/// `Corpus/synthetic/`: sigma-lognormal signatures and handwriting lines, each motion sampled
/// at every rate, in the native format.
struct SynthCommand: Command {
  static let committed = SyntheticSet.committed
  static let spec = CommandSpec(
    name: "synth",
    abstract: "Write the synthetic corpus (sigma-lognormal signatures and handwriting).",
    discussion: """
      Generates signature-like and handwriting-like drawings from the sigma-lognormal model of
      handwriting movement with exact ground truth, and samples each motion like a digitizer at
      every rate given (the same truth at every rate). The defaults re-create Corpus/synthetic/
      byte for byte; --check compares with the files on disk instead and exits 1 naming every
      file that differs, is missing, or is not part of the set.
      """,
    options: [
      FixturesCommand.check.spec, GateOptionGroup.seed.defaulting(to: String(committed.seed)).spec,
      signatures.spec, lines.spec, rates.spec, noise.spec, grid.spec, jitter.spec, drop.spec,
    ],
    positionals: [
      PositionalSpec("dir", help: "Output folder (default: Corpus/synthetic).", optional: true)
    ])

  static let signatures = Option.integer("signatures", help: "Number of signature motions.")
    .within(0...999).defaulting(to: String(committed.signatures))
  static let lines = Option.integer("lines", help: "Number of handwriting-line motions.")
    .within(0...999).defaulting(to: String(committed.lines))
  static let rates = Option.numbers(
    "rates", value: "LIST", help: "Comma-separated sample rates in Hz (20-10000)."
  ).defaulting(to: committed.rates.map(Rounding.text).joined(separator: ","))
  static let noise = Option.number(
    "noise", value: "PX", help: "Gaussian position noise, standard deviation in CSS px."
  ).within(0...10.0).defaulting(to: Rounding.text(committed.noise))
  static let grid = Option.number(
    "grid", value: "PX", help: "Device grid positions are rounded to, CSS px (0: none)."
  ).within(0...10.0).defaulting(to: Rounding.text(committed.grid))
  static let jitter = Option.number(
    "jitter", value: "S",
    help: "Timestamp jitter, uniform ± seconds (at most 0.45 of the fastest rate's period)."
  ).within(0...1.0).defaulting(to: Rounding.text(committed.jitter))
  static let drop = Option.number(
    "drop", value: "P", help: "Probability that a sample is dropped."
  ).within(0...0.5).defaulting(to: Rounding.text(committed.dropRate))

  let dir: String
  let check: Bool
  let set: SyntheticSet
  let digitizers: [DigitizerSettings]

  init(_ a: ParsedArguments) throws {
    dir = a.positionals.first ?? "Corpus/synthetic"
    check = a.flag(FixturesCommand.check)
    let s = SyntheticSet(
      seed: try a.required(GateOptionGroup.seed), signatures: try a.required(Self.signatures),
      lines: try a.required(Self.lines), rates: try a.required(Self.rates),
      noise: try a.required(Self.noise), grid: try a.required(Self.grid),
      jitter: try a.required(Self.jitter), dropRate: try a.required(Self.drop))
    do { digitizers = try s.digitizers() } catch { throw ValidationError(error.message + ".") }
    set = s
  }

  func run(console: Console) throws -> ExitCode {
    let generated = try GeneratedFiles.synthetic(set, digitizers)
    guard check else {
      for path in try generated.write(to: dir) { console.out(path) }
      return .success
    }
    let differ = generated.differences(in: dir, strayExtension: ".sigbench.json")
    if !differ.isEmpty {
      throw CommandFailure(
        .toolError, "synthetic files differ from the generator: \(differ.joined(separator: ", "))")
    }
    console.note("synth: \(generated.files.count) files match the generator")
    return .success
  }
}
