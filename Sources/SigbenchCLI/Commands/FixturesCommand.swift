import Foundation
import SigbenchArguments
import SigbenchResults
import SigbenchRun

/// `sigbench fixtures [DIR]`: writes the generated fixtures of `Corpus/fixtures/`.
struct FixturesCommand: Command {
  static let spec = CommandSpec(
    name: "fixtures", abstract: "Write the generated edge-case fixtures (for maintainers).",
    discussion:
      "Re-creates Corpus/fixtures/ byte for byte; a test checks the committed files match.",
    options: [check.spec],
    positionals: [
      PositionalSpec("dir", help: "Output folder (default: Corpus/fixtures).", optional: true)
    ])

  /// `--check`, shared with `synth`.
  static let check = Flag(
    "check", help: "Compare with the files on disk instead of writing; exit 1 on a difference.")

  let dir: String
  let check: Bool
  init(_ a: ParsedArguments) {
    dir = a.positionals.first ?? "Corpus/fixtures"
    check = a.flag(Self.check)
  }

  func run(console: Console) throws -> ExitCode {
    let generated = try GeneratedFiles.fixtures()
    guard check else {
      for path in try generated.write(to: dir) { console.out(path) }
      return .success
    }
    let differ = generated.differences(in: dir)
    if !differ.isEmpty {
      throw CommandFailure(
        .toolError, "fixtures differ from the generator: \(differ.joined(separator: ", "))")
    }
    return .success
  }
}
