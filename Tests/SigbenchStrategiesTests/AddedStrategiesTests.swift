import SigbenchCore
import SigbenchStrategies
import Testing

/// The rules for strategies a Swift package adds to the catalog (`StrategyCatalog.add`),
/// checked without adding anything (the catalog is the process's; the example package's
/// binary is tested end to end in SigbenchCLITests).
@Suite("strategies added by a package")
struct AddedStrategiesTests {
  /// `straight`'s code under another id.
  static func renamed(_ id: String) -> StrategyEntry {
    var d = Straight.descriptor
    d.id = id
    return StrategyEntry(descriptor: d) { c in
      let settings = try Straight.settings(from: c)
      return ConfiguredStrategy(configuration: c) { Straight(settings: settings) }
    }
  }

  @Test("an addition is attributed to its package, after the built-ins")
  func attributed() throws {
    let added = try StrategyCatalog.checkAddition(
      [Self.renamed("my-line"), Self.renamed("my-other-line")], package: "my-ink")
    #expect(added.package == "my-ink")
    #expect(added.entries.map(\.descriptor.id) == ["my-line", "my-other-line"])
    let configured = try added.entries[0].configure(StrategySpec(id: "my-line"))
    #expect(configured.origin == .package("my-ink"))
    #expect(configured.origin.package == "my-ink")
    #expect(configured.timedInProcess && !configured.isExternal)
    // The same ink as the code it wraps.
    let samples = (0..<20).map { Sample(x: Double($0) * 3, y: Double($0 % 4), time: Double($0)) }
    #expect(
      configured.smooth(samples)
        == Straight.smooth(samples, settings: try Straight.settings(from: configured.configuration))
    )
    // sigbench's own binary adds nothing.
    #expect(StrategyCatalog.added == nil)
    #expect(StrategyCatalog.all.count == StrategyCatalog.builtIn.count)
  }

  @Test(
    "ids taken, ids and package names not kebab-case, and empty additions are refused",
    arguments: [
      (["straight"], "my-ink", "strategy id 'straight' is taken by a built-in strategy"),
      (["mine", "mine"], "my-ink", "strategy id 'mine' is taken by another of its strategies"),
      (["My_Line"], "my-ink", "strategy id 'My_Line' must be kebab-case"),
      (["mine"], "My Ink", "package name 'My Ink' must be kebab-case"),
      ([], "my-ink", "package 'my-ink' adds no strategy"),
    ])
  func refused(ids: [String], package: String, message: String) {
    do {
      _ = try StrategyCatalog.checkAddition(ids.map(Self.renamed), package: package)
      Issue.record("accepted \(ids) from \(package)")
    } catch {
      #expect(error.description.contains(message), "\(error.description)")
    }
  }
}
