import Foundation
import SigbenchArguments
import SigbenchCore
import SigbenchExternal
import SigbenchReport
import SigbenchResults
import SigbenchRun
import SigbenchStrategies

/// `sigbench strategies [--describe ID] [--json]`: the catalog, generated from each strategy's
/// one declaration of its options.
struct StrategiesCommand: Command {
  static let spec = CommandSpec(
    name: "strategies", abstract: "List the smoothing strategies and their options.",
    discussion: """
      Strategy specs use one syntax everywhere: ID or ID(option=value,...), several separated
      by commas, e.g. straight,catmull-rom(width=pressure). The reference strategy is listed
      first; it is the denominator of every latency ratio.
      """,
    options: [describe.spec, StrategyFolderOptions.folder.spec, OutputOptions.json.spec])

  static let describe = Option.text(
    "describe", value: "ID", help: "Print the option table of one strategy.")

  let describe: String?
  let json: Bool
  let external: [ExternalManifest]

  init(_ a: ParsedArguments) throws {
    describe = try a.value(Self.describe)
    json = a.flag(OutputOptions.json)
    external = try StrategyFolderOptions(a).manifests
  }

  func run(console: Console) throws -> ExitCode {
    if let id = describe, let m = external.first(where: { $0.id == id }) {
      if json {
        console.out(
          StrategyCatalogText.json([], external: [(m.descriptor, m.kind.rawValue, m.path)]))
        return .success
      }
      console.out(StrategyCatalogText.describe(m.descriptor))
      console.out("External (\(m.kind.rawValue)): \(m.path)")
      console.out("Command: \(m.command.joined(separator: " ")); protocol \(m.protocolVersion)")
      return .success
    }
    let entries = try describe.map { [try StrategyCatalog.entry($0)] } ?? StrategyCatalog.all
    let listed = external.map { ($0.descriptor, $0.kind.rawValue, $0.path) }
    if json {
      console.out(StrategyCatalogText.json(entries, external: describe == nil ? listed : []))
    } else if describe == nil {
      let (rows, notes) = StrategyCatalogText.list(
        entries, referenceID: StrategyCatalog.referenceID, external: listed)
      for r in rows { console.out(String(HelpFormatter.row(r.id, r.text).dropLast())) }
      notes.forEach(console.out)
    } else {
      console.out(StrategyCatalogText.describe(entries[0].descriptor))
    }
    return .success
  }
}
