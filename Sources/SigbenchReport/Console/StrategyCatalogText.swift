import SigbenchCore

/// The strategy catalog as text: one strategy's option table (`strategies --describe`) and the
/// catalog as JSON (`strategies --json`), from the descriptors each strategy declares once.
public enum StrategyCatalogText {
  /// The option table of one strategy.
  public static func describe(_ d: StrategyDescriptor) -> String {
    var out = "\(d.id): \(d.summary)\n\(d.details)\nCost per push: \(d.cost.rawValue)\n"
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

  public static func json(_ entries: [StrategyEntry]) -> String {
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
        + "\"cost\": \(str(e.descriptor.cost.rawValue)), "
        + "\"options\": [\(params.joined(separator: ", "))]}"
    }
    return "[\n  " + items.joined(separator: ",\n  ") + "\n]"
  }

  /// `sigbench strategies`: one row per strategy (id; summary with the reference and cost
  /// marks), then what the marks mean.
  public static func list(_ entries: [StrategyEntry], referenceID: String) -> (
    rows: [(id: String, text: String)], notes: [String]
  ) {
    let rows = entries.map { e in
      let d = e.descriptor
      let ref = d.id == referenceID ? " (reference)" : ""
      return (d.id, d.summary + ref + (d.cost.isIncremental ? "" : " [\(d.cost.rawValue)]"))
    }
    return (
      rows,
      [
        "\n  Strategies marked [whole-stroke-per-push] or [offline] cost more with every sample;"
          + "\n  they run only when named in --strategies.",
        "\n  See 'sigbench strategies --describe <id>' for a strategy's options.",
      ]
    )
  }
}
