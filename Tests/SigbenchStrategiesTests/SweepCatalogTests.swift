import SigbenchCore
import SigbenchStrategies
import Testing

/// Sweeps of the catalog's strategies (#47): which options act when, and where sweeps are taken.
@Suite("sweeps of catalog strategies")
struct SweepCatalogTests {
  @Test("the 1€ options act only with filter=one-euro; the width options by width model")
  func activation() throws {
    let refused = "catmull-rom(filter-beta=0..0.02:0.005)"
    do {
      _ = try StrategyCatalog.configureSweeps(refused, cap: 64)
      Issue.record("accepted \(refused)")
    } catch {
      #expect("\(error)".contains("filter=one-euro"), "\(error)")
    }
    let (list, grids) = try StrategyCatalog.configureSweeps(
      "catmull-rom(filter=one-euro,filter-beta=0..0.02:0.005)", cap: 64)
    #expect(list.map(\.label).last == "catmull-rom(filter=one-euro,filter-beta=0.02)")
    #expect(list.count == 5 && grids.count == 1)
    for (text, ok) in [
      ("straight(width=pressure,min-width=0.5|1)", true),
      ("straight(min-width=0.5|1)", false),
      ("straight(size=1|2)", true),
      ("uber-weighted(size=1|2)", false),
      ("perfect-freehand(start-cap=true|false)", true),
      ("perfect-freehand(start-taper=10,start-cap=true|false)", false),
      ("perfect-freehand(last=true,last-at-finish=true|false)", false),
    ] {
      let accepted = (try? StrategyCatalog.configureSweeps(text, cap: 64)) != nil
      #expect(accepted == ok, "\(text)")
    }
  }

  @Test("a spec list without the sweep door refuses lists and ranges, naming who takes them")
  func refusedWhereNotTaken() {
    do {
      _ = try StrategyCatalog.configureList("straight,catmull-rom(alpha=0|1)")
      Issue.record("accepted a sweep")
    } catch {
      #expect("\(error)".contains("taken by run, bench and tune only"), "\(error)")
      #expect("\(error)".contains("option 'alpha'"), "\(error)")
    }
  }

  @Test("every grid point is an ordinary configuration; duplicates across specs are dropped")
  func points() throws {
    let (list, _) = try StrategyCatalog.configureSweeps(
      "catmull-rom(alpha=0|0.5|1),catmull-rom(alpha=1)", cap: 64)
    #expect(list.map(\.label) == ["catmull-rom(alpha=0)", "catmull-rom", "catmull-rom(alpha=1)"])
  }
}
