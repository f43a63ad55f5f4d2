import Foundation
import SigbenchCore
import SigbenchReport
import SigbenchResults
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
    options: [
      OptionSpec("describe", value: "ID", help: "Print the option table of one strategy."),
      OptionSpec("json", help: "Print machine-readable JSON on stdout."),
    ])

  let describe: String?
  let json: Bool

  init(_ a: ParsedArguments) {
    describe = a.value("describe")
    json = a.flag("json")
  }

  func run(console: Console) throws -> ExitCode {
    let entries: [StrategyEntry]
    if let id = describe {
      entries = [try StrategyCatalog.entry(id)]
    } else {
      entries = StrategyCatalog.all
    }
    if json {
      console.out(StrategyCatalogText.json(entries))
      return .success
    }
    if describe == nil {
      for e in entries {
        let ref = e.descriptor.id == StrategyCatalog.referenceID ? " (reference)" : ""
        let cost = e.descriptor.cost.isIncremental ? "" : " [\(e.descriptor.cost.rawValue)]"
        console.out(
          HelpFormatter.row(e.descriptor.id, e.descriptor.summary + ref + cost).dropLast() + "")
      }
      console.out(
        "\n  Strategies marked [whole-stroke-per-push] or [offline] cost more with every sample;"
          + "\n  they run only when named in --strategies.")
      console.out("\n  See 'sigbench strategies --describe <id>' for a strategy's options.")
      return .success
    }
    console.out(StrategyCatalogText.describe(entries[0].descriptor))
    return .success
  }
}
