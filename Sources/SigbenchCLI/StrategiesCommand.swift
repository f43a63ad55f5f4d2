import Foundation
import SigbenchCore
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
      console.out(StrategiesCommand.json(entries))
      return .success
    }
    if describe == nil {
      for e in entries {
        let ref = e.descriptor.id == StrategyCatalog.referenceID ? " (reference)" : ""
        console.out(HelpFormatter.row(e.descriptor.id, e.descriptor.summary + ref).dropLast() + "")
      }
      console.out("\n  See 'sigbench strategies --describe <id>' for a strategy's options.")
      return .success
    }
    console.out(StrategiesCommand.describe(entries[0].descriptor))
    return .success
  }

  /// The option table of one strategy.
  static func describe(_ d: StrategyDescriptor) -> String {
    var out = "\(d.id): \(d.summary)\n\(d.details)\n"
    if d.parameters.isEmpty { return out + "\nNo options.\n" }
    out += "\nOPTIONS:\n"
    let header = ["option", "unit", "valid values", "default", "typical", "help"]
    var rows = [header]
    for p in d.parameters {
      rows.append([
        p.name, p.unit.isEmpty ? "-" : p.unit, p.rule, p.defaultValue.description,
        p.typical.isEmpty ? "-" : p.typical, p.help,
      ])
    }
    var widths = [Int](repeating: 0, count: header.count)
    for r in rows { for (i, c) in r.enumerated() { widths[i] = max(widths[i], c.count) } }
    for r in rows {
      var line = "  "
      for (i, c) in r.enumerated() {
        line += i == r.count - 1 ? c : c + String(repeating: " ", count: widths[i] - c.count + 2)
      }
      out += line + "\n"
    }
    return out
  }

  static func json(_ entries: [StrategyEntry]) -> String {
    func str(_ s: String) -> String {
      "\""
        + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
          of: "\"", with: "\\\""
        )
        .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
    let items = entries.map { e -> String in
      let params = e.descriptor.parameters.map { p in
        "{\"name\": \(str(p.name)), \"unit\": \(str(p.unit)), \"rule\": \(str(p.rule)), "
          + "\"default\": \(str(p.defaultValue.description)), \"help\": \(str(p.help))}"
      }
      return "{\"id\": \(str(e.descriptor.id)), \"summary\": \(str(e.descriptor.summary)), "
        + "\"options\": [\(params.joined(separator: ", "))]}"
    }
    return "[\n  " + items.joined(separator: ",\n  ") + "\n]"
  }
}
