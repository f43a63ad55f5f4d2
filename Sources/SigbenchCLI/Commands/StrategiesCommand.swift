import Foundation
import SigbenchArguments
import SigbenchContract
import SigbenchCore
import SigbenchExternal
import SigbenchReport
import SigbenchResults
import SigbenchRun
import SigbenchStrategies

/// `sigbench strategies [--describe ID] [--json]`: the catalog, generated from each strategy's
/// one declaration of its options; `--check SPEC`: the contract suite against one strategy,
/// built-in or external.
struct StrategiesCommand: Command {
  static let spec = CommandSpec(
    name: "strategies", abstract: "List the smoothing strategies and their options.",
    discussion: """
      Strategy specs use one syntax everywhere: ID or ID(option=value,...), several separated
      by commas, e.g. straight,catmull-rom(width=pressure). The reference strategy is listed
      first; it is the denominator of every latency ratio.
      With --check SPEC the contract suite runs against that strategy (an external one is
      started): every rule with ok or FAIL and the first failing stroke; exit 3 when a rule
      fails.
      """,
    options: [
      describe.spec, check.spec, StrategyFolderOptions.folder.spec,
      StrategyFolderOptions.timeout.spec, OutputOptions.json.spec, serve.spec,
    ])

  static let describe = Option.text(
    "describe", value: "ID", help: "Print the option table of one strategy.")
  static let check = Option.text(
    "check", value: "SPEC",
    help: "Run the strategy contract suite against one strategy spec (built-in or external) "
      + "and print what fails, with the first failing stroke.")

  static let serve = Option.text(
    "serve", value: "MANIFEST",
    help: "(internal) Serve the library strategy of MANIFEST over the process protocol on "
      + "standard input and output: how sigbench runs library code in a worker process.")
  static var serveFlag: String { "--" + serve.spec.long }

  let describe: String?
  let json: Bool
  /// The library manifest `--serve` names.
  let served: ExternalManifest?
  let external: [ExternalStrategyListing]
  /// The strategy `--check` names.
  let checked: ConfiguredStrategy?

  init(_ a: ParsedArguments) throws {
    if let path = try a.value(Self.serve) {
      do { served = try ExternalManifest.read(at: path) } catch {
        throw ValidationError(error.description)
      }
    } else {
      served = nil
    }
    describe = try a.value(Self.describe)
    json = a.flag(OutputOptions.json)
    let folders = try StrategyFolderOptions(a)
    external = folders.manifests.map {
      ExternalStrategyListing(
        descriptor: $0.descriptor, kind: $0.kind.rawValue, path: $0.path, command: $0.command,
        protocolVersion: $0.protocolVersion, library: $0.library)
    }
    if let spec = try a.value(Self.check) {
      if describe != nil || json {
        throw ValidationError("--check runs alone: without --describe and --json.")
      }
      let list = try StrategyResolver.resolve(
        spec, reference: .none, external: try folders.entries(a).map(\.entry))
      guard list.count == 1 else {
        throw ValidationError("--check takes one strategy spec; got \(list.count): '\(spec)'.")
      }
      checked = list[0]
    } else {
      checked = nil
    }
  }

  func run(console: Console) throws -> ExitCode {
    if let manifest = served {
      do { try LibraryServer.serve(manifest) } catch {
        throw CommandFailure(.toolError, error.description)
      }
      return .success
    }
    if let strategy = checked {
      console.announceExternal([strategy])
      let check = StrategyCheck()
      let outcomes = check.run(strategy)
      StrategyCheckText.lines(
        outcomes, label: strategy.label, seed: check.seed, external: strategy.isExternal
      ).forEach(console.out)
      let failed = outcomes.contains { $0.status == .failed || $0.status == .notChecked }
      return failed ? .invalidBenchmark : .success
    }
    if let id = describe, let x = external.first(where: { $0.descriptor.id == id }) {
      console.out(
        json ? StrategyCatalogText.json([], external: [x]) : StrategyCatalogText.describe(x))
      return .success
    }
    let entries = try describe.map { [try StrategyCatalog.entry($0)] } ?? StrategyCatalog.all
    let packages = StrategyCatalog.added?.packageByID ?? [:]
    if json {
      console.out(
        StrategyCatalogText.json(
          entries, external: describe == nil ? external : [], packages: packages))
    } else if describe == nil {
      let (rows, notes) = StrategyCatalogText.list(
        entries, referenceID: StrategyCatalog.referenceID, external: external,
        packages: packages)
      for r in rows { console.out(String(HelpFormatter.row(r.id, r.text).dropLast())) }
      notes.forEach(console.out)
    } else if let package = packages[entries[0].descriptor.id] {
      console.out(StrategyCatalogText.describe(entries[0].descriptor, package: package))
    } else {
      console.out(StrategyCatalogText.describe(entries[0].descriptor))
    }
    return .success
  }
}
