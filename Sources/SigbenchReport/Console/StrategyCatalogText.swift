import SigbenchCore

/// The strategy catalog as text: one strategy's option table (`strategies --describe`) and the
/// catalog as JSON (`strategies --json`), from the descriptors each strategy declares once.
/// What the catalog shows of an external strategy beside its descriptor (the CLI fills it
/// from the manifest).
public struct ExternalStrategyListing: Sendable {
  public var descriptor: StrategyDescriptor
  /// How sigbench talks to it (`process`).
  public var kind: String
  /// The manifest file.
  public var path: String
  /// The program and its arguments (a process).
  public var command: [String]
  /// The protocol version (a process) or the C ABI version (a library).
  public var protocolVersion: Int
  /// The shared library, as the manifest names it (a library).
  public var library: String?

  public init(
    descriptor: StrategyDescriptor, kind: String, path: String, command: [String],
    protocolVersion: Int, library: String? = nil
  ) {
    self.descriptor = descriptor
    self.kind = kind
    self.path = path
    self.command = command
    self.protocolVersion = protocolVersion
    self.library = library
  }
}

public enum StrategyCatalogText {
  /// The option table of an external strategy, then where it comes from and how it runs.
  public static func describe(_ x: ExternalStrategyListing) -> String {
    describe(x.descriptor) + "\nExternal (\(x.kind)): \(x.path)\n"
      + (x.library.map { "Library: \($0); C ABI \(x.protocolVersion)" }
        ?? "Command: \(x.command.joined(separator: " ")); protocol \(x.protocolVersion)")
  }

  /// The option table of a strategy a Swift package compiled into this binary, then which.
  public static func describe(_ d: StrategyDescriptor, package: String) -> String {
    describe(d)
      + "\nAdded by Swift package '\(package)' (compiled into this binary; run, timed and "
      + "counted like sigbench's own)\n"
  }

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

  /// The catalog as JSON: one object per strategy (id, summary, cost, options), an external
  /// one with its `kind` and `manifest` path too, one a package added with its `package`
  /// (`packages`: id → package name).
  public static func json(
    _ entries: [StrategyEntry],
    external: [ExternalStrategyListing] = [], packages: [String: String] = [:]
  ) -> String {
    let str = JSONText.string
    func item(_ d: StrategyDescriptor, _ more: String) -> String {
      let params = d.parameters.map { p in
        "{\"name\": \(str(p.name)), \"unit\": \(str(p.unit)), \"rule\": \(str(p.rule)), "
          + "\"default\": \(str(p.defaultValue.description)), \"help\": \(str(p.help))}"
      }
      return "{\"id\": \(str(d.id)), \"summary\": \(str(d.summary)), "
        + "\"cost\": \(str(d.cost.rawValue)), \(more)"
        + "\"options\": [\(params.joined(separator: ", "))]}"
    }
    let items =
      entries.map { e in
        item(e.descriptor, packages[e.descriptor.id].map { "\"package\": \(str($0)), " } ?? "")
      }
      + external.map {
        item($0.descriptor, "\"kind\": \(str($0.kind)), \"manifest\": \(str($0.path)), ")
      }
    return "[\n  " + items.joined(separator: ",\n  ") + "\n]"
  }

  /// `sigbench strategies`: one row per strategy (id; summary with the reference and cost
  /// marks; a strategy a package added names the package, `packages`: id → package name),
  /// then one per external strategy (its summary, kind and manifest path), then what the marks
  /// mean.
  public static func list(
    _ entries: [StrategyEntry], referenceID: String,
    external: [ExternalStrategyListing] = [], packages: [String: String] = [:]
  ) -> (rows: [(id: String, text: String)], notes: [String]) {
    let rows =
      entries.map { e in
        let d = e.descriptor
        let ref = d.id == referenceID ? " (reference)" : ""
        let from = packages[d.id].map { " (package \($0))" } ?? ""
        return (
          d.id, d.summary + ref + (d.cost.isIncremental ? "" : " [\(d.cost.rawValue)]") + from
        )
      }
      + external.map { x in
        let d = x.descriptor
        let cost = d.cost.isIncremental ? "" : " [\(d.cost.rawValue)]"
        return (d.id, d.summary + cost + " (external, \(x.kind): \(x.path))")
      }
    var notes = [
      "\n  Strategies marked [whole-stroke-per-push] or [offline] cost more with every sample;"
        + "\n  they run only when named in --strategies.",
      "\n  See 'sigbench strategies --describe <id>' for a strategy's options.",
    ]
    if let package = Set(packages.values).sorted().first {
      notes.append(
        "\n  Strategies marked (package \(package)) are compiled into this binary by that Swift"
          + "\n  package; they run, are timed and are counted like sigbench's own.")
    }
    if !external.isEmpty {
      notes.append(
        "\n  External strategies come from the strategy folders (--strategy-dir,"
          + "\n  SIGBENCH_STRATEGY_PATH). Name one in --strategies (with the same --strategy-dir);"
          + "\n  'sigbench strategies --check <id>' runs the contract suite against it.")
    }
    return (rows, notes)
  }
}

extension StrategyCatalogText {
  /// What is printed before an external strategy can start: its label, manifest and command.
  public static func externalStart(_ strategy: ConfiguredStrategy) -> String? {
    guard let o = strategy.origin.external else { return nil }
    let what =
      o.kind == "library"
      ? "library \(o.commandFiles.map(ConsoleText.escaped).joined(separator: " ")) (loaded in a "
        + "worker process of sigbench when a stroke first needs it, one per worker)"
      : "command " + o.command.map(ConsoleText.escaped).joined(separator: " ")
        + " (started in its folder when a stroke first needs it, one process per worker)"
    return "external strategy \(strategy.label): manifest \(o.manifestPath); \(what)"
  }
}
