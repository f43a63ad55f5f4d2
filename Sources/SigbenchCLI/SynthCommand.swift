import Foundation
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
      OptionSpec(
        "check",
        help: "Compare with the files on disk instead of writing; exit 1 on a difference."),
      OptionSpec("seed", value: "N", help: "Seed of the set.", default: String(committed.seed)),
      OptionSpec(
        "signatures", value: "N", help: "Number of signature motions (0-999).",
        default: String(committed.signatures)),
      OptionSpec(
        "lines", value: "N", help: "Number of handwriting-line motions (0-999).",
        default: String(committed.lines)),
      OptionSpec(
        "rates", value: "LIST", help: "Comma-separated sample rates in Hz (20-10000).",
        default: committed.rates.map(Rounding.text).joined(separator: ",")),
      OptionSpec(
        "noise", value: "PX", help: "Gaussian position noise, standard deviation in CSS px (0-10).",
        default: Rounding.text(committed.noise)),
      OptionSpec(
        "grid", value: "PX", help: "Device grid positions are rounded to, CSS px (0: none; 0-10).",
        default: Rounding.text(committed.grid)),
      OptionSpec(
        "jitter", value: "S",
        help: "Timestamp jitter, uniform ± seconds (at most 0.45 of the fastest rate's period).",
        default: Rounding.text(committed.jitter)),
      OptionSpec(
        "drop", value: "P", help: "Probability that a sample is dropped (0-0.5).",
        default: Rounding.text(committed.dropRate)),
    ],
    positionals: [
      PositionalSpec("dir", help: "Output folder (default: Corpus/synthetic).", optional: true)
    ])

  let dir: String
  let check: Bool
  let set: SyntheticSet
  let digitizers: [DigitizerSettings]

  init(_ a: ParsedArguments) throws {
    dir = a.positionals.first ?? "Corpus/synthetic"
    check = a.flag("check")
    guard let seed = UInt64(a.value("seed") ?? "") else {
      throw ValidationError(
        "--seed must be a whole number in 0…\(UInt64.max); got '\(a.value("seed") ?? "")'.")
    }
    let rateText = a.value("rates") ?? ""
    let rates = rateText.split(separator: ",", omittingEmptySubsequences: false).map {
      Double($0.trimmingCharacters(in: .whitespaces))
    }
    guard !rates.isEmpty, rates.allSatisfy({ $0 != nil }) else {
      throw ValidationError("--rates must be comma-separated numbers in Hz; got '\(rateText)'.")
    }
    let s = SyntheticSet(
      seed: seed, signatures: try a.integer("signatures", 0...999),
      lines: try a.integer("lines", 0...999), rates: rates.map { $0! },
      noise: try RenderOptions.number(a.value("noise") ?? "", "--noise", 0...10),
      grid: try RenderOptions.number(a.value("grid") ?? "", "--grid", 0...10),
      jitter: try RenderOptions.number(a.value("jitter") ?? "", "--jitter", 0...1),
      dropRate: try RenderOptions.number(a.value("drop") ?? "", "--drop", 0...0.5))
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
