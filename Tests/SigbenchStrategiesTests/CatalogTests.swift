import Foundation
import SigbenchCore
import SigbenchStrategies
import SigbenchTestSupport
import Testing

@Suite struct CatalogTests {
  @Test("the catalog lists the four named strategies first, reference first, then the peers")
  func ids() {
    #expect(
      Array(StrategyCatalog.ids.prefix(4)) == [
        "straight", "midpoint-quadratic", "uber-weighted", "catmull-rom",
      ])
    #expect(StrategyCatalog.all.first?.descriptor.id == StrategyCatalog.referenceID)
    for peer in [
      "signature-pad", "signature-pad-fixed", "perfect-freehand", "perfect-freehand-incremental",
    ] {
      #expect(StrategyCatalog.ids.contains(peer), "\(peer) missing")
    }
  }

  @Test("the default set is every incremental strategy; the costly ports run only when named")
  func defaultSet() {
    let ids = StrategyCatalog.defaults().map(\.id)
    #expect(ids == StrategyCatalog.all.filter(\.descriptor.cost.isIncremental).map(\.descriptor.id))
    #expect(!ids.contains("perfect-freehand") && ids.contains("perfect-freehand-incremental"))
  }

  @Test("every strategy file in SigbenchStrategies has a catalog line (one file, one line)")
  func filesMatchCatalog() throws {
    let dir = packageRootURL().appendingPathComponent("Sources/SigbenchStrategies")
    let files = (FileManager.default.enumerator(atPath: dir.path)?.allObjects as? [String] ?? [])
      .filter { $0.hasSuffix(".swift") }
    #expect(files.contains("CatmullRom.swift") && files.contains("Stages/RungOutline.swift"))
    var declared: [String] = []
    for file in files {
      let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
      guard text.contains(": SmoothingStrategy {") else { continue }
      // The descriptor's id is the first `id: "…"` in the file.
      guard let r = text.range(of: #"id: "([a-z0-9-]+)""#, options: .regularExpression) else {
        Issue.record("\(file) declares a strategy without an id")
        continue
      }
      declared.append(String(text[r].dropFirst(5).dropLast()))
    }
    #expect(declared.sorted() == StrategyCatalog.ids.sorted())
    #expect(Set(declared).count == declared.count, "an id declared twice: \(declared)")
  }

  @Test("every option is fully declared: unit for numbers, default valid, help text")
  func declarationsComplete() throws {
    for entry in StrategyCatalog.all {
      let d = entry.descriptor
      #expect(Set(d.parameters.map(\.name)).count == d.parameters.count, "\(d.id) duplicate names")
      for p in d.parameters {
        #expect(!p.help.isEmpty, "\(d.id).\(p.name) help")
        if case .number = p.domain { #expect(!p.typical.isEmpty, "\(d.id).\(p.name) typical") }
        // The default parses back through its own rule.
        #expect((try? p.parse(p.defaultValue.description, strategy: d.id)) == p.defaultValue)
      }
      #expect(!d.summary.isEmpty && !d.details.isEmpty)
    }
  }

  @Test("out-of-range values for every option give an error naming the option and value")
  func outOfRange() throws {
    for entry in StrategyCatalog.all {
      let id = entry.descriptor.id
      for p in entry.descriptor.parameters {
        var bad: [String] = ["abc", "nan", "inf"]
        switch p.domain {
        case .number(let lo, let loC, let hi, let hiC):
          bad += [ParameterValue.format(hi + 1), ParameterValue.format(lo - 1)]
          if !loC { bad.append(ParameterValue.format(lo)) }
          if !hiC { bad.append(ParameterValue.format(hi)) }
        case .integer(let r):
          bad += [String(r.upperBound + 1), String(r.lowerBound - 1), "1.5"]
        case .choice:
          bad = ["bogus", ""]
        }
        for value in bad where !value.isEmpty {
          let spec = StrategySpec(id: id, options: [.init(name: p.name, value: value)])
          do {
            _ = try entry.configure(spec)
            Issue.record("\(id) accepted \(p.name)=\(value)")
          } catch let e as StrategyError {
            guard case .invalidOption(let s, let option, _, let v) = e else {
              Issue.record("\(id) \(p.name)=\(value): wrong error \(e)")
              continue
            }
            #expect(s == id && option == p.name && v == value)
            #expect(e.description.contains(p.name) && e.description.contains(value))
          }
        }
      }
    }
  }

  @Test("max-width below min-width is rejected naming both, by every strategy with the pair")
  func widthOrder() throws {
    // One declared rule (#42, item 7): signature-pad accepted the contradiction that
    // uber-weighted refused.
    let paired = StrategyCatalog.all.map(\.descriptor).filter { !$0.orderedPairs.isEmpty }
    #expect(
      Set(paired.map(\.id)).isSuperset(of: ["signature-pad", "uber-weighted", "catmull-rom"]))
    for d in paired {
      for (low, high) in d.orderedPairs {
        #expect {
          try StrategyCatalog.configure(StrategySpec.parse("\(d.id)(\(low)=4,\(high)=2)"))
        } throws: { e in
          "\(e)".contains(high) && "\(e)".contains(low) && "\(e)".contains("'2'")
        }
        // Equal ends are allowed.
        _ = try StrategyCatalog.configure(StrategySpec.parse("\(d.id)(\(low)=3,\(high)=3)"))
      }
    }
  }

  @Test("recombined stages resolve through the spec syntax with canonical labels")
  func recombinations() throws {
    let list = try StrategyCatalog.configureList(
      "catmull-rom(width=pressure),catmull-rom(width=uber-distance),"
        + "midpoint-quadratic(width=pressure),uber-weighted(outline=round,width=constant),"
        + "straight(outline=rungs)")
    #expect(
      list.map(\.label) == [
        "catmull-rom(width=pressure)", "catmull-rom(width=uber-distance)",
        "midpoint-quadratic(width=pressure)", "uber-weighted(outline=round,width=constant)",
        "straight(outline=rungs)",
      ])
  }
}
