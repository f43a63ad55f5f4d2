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
  let external: [ExternalStrategyListing]

  init(_ a: ParsedArguments) throws {
    describe = try a.value(Self.describe)
    json = a.flag(OutputOptions.json)
    external = try StrategyFolderOptions(a).manifests.map {
      ExternalStrategyListing(
        descriptor: $0.descriptor, kind: $0.kind.rawValue, path: $0.path, command: $0.command,
        protocolVersion: $0.protocolVersion)
    }
  }

  func run(console: Console) throws -> ExitCode {
    if let id = describe, let x = external.first(where: { $0.descriptor.id == id }) {
      console.out(
        json ? StrategyCatalogText.json([], external: [x]) : StrategyCatalogText.describe(x))
      return .success
    }
    let entries = try describe.map { [try StrategyCatalog.entry($0)] } ?? StrategyCatalog.all
    if json {
      console.out(StrategyCatalogText.json(entries, external: describe == nil ? external : []))
    } else if describe == nil {
      let (rows, notes) = StrategyCatalogText.list(
        entries, referenceID: StrategyCatalog.referenceID, external: external)
      for r in rows { console.out(String(HelpFormatter.row(r.id, r.text).dropLast())) }
      notes.forEach(console.out)
    } else {
      console.out(StrategyCatalogText.describe(entries[0].descriptor))
    }
    return .success
  }
}
