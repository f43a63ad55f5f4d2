import SigbenchCore
import Testing

/// Sweeps in a spec (#47): lists and ranges, their values and labels, the grid's order, the
/// cap, constraints and options without effect.
@Suite("sweep grids")
struct SweepGridTests {
  static let probe = StrategyDescriptor(
    id: "probe", summary: "A strategy to sweep.", details: "",
    parameters: [
      .number("a", unit: "px", 0, 10, default: 1, help: "a number"),
      ParameterInfo(
        name: "n", unit: "", domain: .integer(0...9), defaultValue: .number(2), help: "whole"),
      .choice("mode", ["plain", "filtered"], default: "plain", help: "a choice"),
      .number("beta", unit: "", 0, 1, default: 0.5, help: "acts when filtered")
        .active(when: "mode", is: "filtered"),
      .number("min-width", unit: "px", 0.1, 10, default: 1, help: "low"),
      .number("max-width", unit: "px", 0.1, 10, default: 5, help: "high"),
    ])

  static func grid(_ text: String, cap: Int = SweepGrid.defaultCap) throws -> SweepGrid {
    try SweepGrid(try StrategySpec.parse(text), descriptor: probe, cap: cap)
  }

  /// The labels of `text`'s points, as their configurations print them.
  static func labels(_ text: String) throws -> [String] {
    try grid(text).points.map {
      try StrategyConfiguration(descriptor: probe, options: $0.options.map { ($0.name, $0.value) })
        .label
    }
  }

  /// The message of the error `body` throws.
  static func failure(_ body: () throws -> Void) -> String {
    do {
      try body()
      return "no error"
    } catch let e as StrategyError {
      return e.description
    } catch {
      return "\(error)"
    }
  }

  @Test("a value's text: one value, a list, a range")
  func parsing() {
    #expect(SweepValues("0.5") == .single("0.5"))
    #expect(SweepValues("0 | 0.5|1") == .list(["0", "0.5", "1"]))
    #expect(SweepValues("0..0.02:0.005") == .range(start: "0", end: "0.02", step: "0.005"))
    #expect(SweepValues("-1..1:0.5") == .range(start: "-1", end: "1", step: "0.5"))
    #expect(SweepValues("0.5..1.5") == .range(start: "0.5", end: "1.5", step: ""))
    #expect(!SweepValues.isSweep("one-euro") && SweepValues.isSweep("a|b"))
  }

  @Test(
    "a range's values are start + i·step up to round((end − start)/step), float steps exactly",
    arguments: [
      ("0..0.02:0.005", ["0", "0.005", "0.01", "0.015", "0.02"]),
      ("0.1..0.3:0.1", ["0.1", "0.2", "0.3"]),
      ("0..1:0.3", ["0", "0.3", "0.6", "0.9"]),
      // n = round(1 / 0.35) = 3: the last value passes the end by less than half a step.
      ("0..1:0.35", ["0", "0.35", "0.7", "1.05"]),
      ("2..2:1", ["2"]),
      ("1e-3..3e-3:1e-3", ["0.001", "0.002", "0.003"]),
    ])
  func rangeValues(text: String, values: [String]) throws {
    let g = try Self.grid("probe(a=\(text))")
    #expect(g.swept.map(\.values) == [values])
  }

  @Test("whole-number options take whole starts and steps; choices take lists only")
  func domains() throws {
    #expect(try Self.grid("probe(n=1..5:2)").swept[0].values == ["1", "3", "5"])
    #expect(
      Self.failure { _ = try Self.grid("probe(n=1..5:0.5)") }.contains("whole start and step"))
    #expect(
      Self.failure { _ = try Self.grid("probe(n=1.5..5:1)") }.contains("whole start and step"))
    #expect(Self.failure { _ = try Self.grid("probe(mode=a..b:1)") }.contains("takes a list"))
    #expect(try Self.grid("probe(mode=plain|filtered)").points.count == 2)
  }

  @Test("bad values and bad ranges are refused, naming the option and the value")
  func badValues() {
    let outside = Self.failure { _ = try Self.grid("probe(a=1|11)") }
    #expect(outside.contains("option 'a'") && outside.contains("'11'"), "\(outside)")
    #expect(Self.failure { _ = try Self.grid("probe(a=1..11:5)") }.contains("'11'"))
    #expect(Self.failure { _ = try Self.grid("probe(a=1..2)") }.contains("needs a step"))
    #expect(Self.failure { _ = try Self.grid("probe(a=2..1:0.5)") }.contains("below its start"))
    #expect(Self.failure { _ = try Self.grid("probe(a=1..2:0)") }.contains("above 0"))
    #expect(Self.failure { _ = try Self.grid("probe(a=1..2:-1)") }.contains("above 0"))
    #expect(Self.failure { _ = try Self.grid("probe(a=x..2:1)") }.contains("not a number"))
    #expect(Self.failure { _ = try Self.grid("probe(a=1|1.0)") }.contains("given twice"))
    #expect(Self.failure { _ = try Self.grid("probe(a=1||2)") }.contains("empty value"))
    #expect(Self.failure { _ = try Self.grid("probe(mode=plain|fancy)") }.contains("'fancy'"))
    #expect(Self.failure { _ = try Self.grid("probe(q=1|2)") }.contains("no option 'q'"))
  }

  @Test("the grid runs the first swept option slowest; labels print the values shortest")
  func orderAndLabels() throws {
    #expect(
      try Self.labels("probe(a=2|3,n=0..1:1)") == [
        "probe(a=2,n=0)", "probe(a=2,n=1)", "probe(a=3,n=0)", "probe(a=3,n=1)",
      ])
    #expect(
      try Self.labels("probe(mode=filtered,beta=0..0.02:0.005)") == [
        "probe(beta=0,mode=filtered)", "probe(beta=0.005,mode=filtered)",
        "probe(beta=0.01,mode=filtered)", "probe(beta=0.015,mode=filtered)",
        "probe(beta=0.02,mode=filtered)",
      ])
    // The default value is a point like any other; its label is the bare id.
    #expect(try Self.labels("probe(a=0.5|1)") == ["probe(a=0.5)", "probe"])
    let plain = try Self.grid("probe(a=2)")
    #expect(!plain.isSweep && plain.points.count == 1 && plain.size == 1)
  }

  @Test("a grid over the cap is refused, naming its size")
  func cap() throws {
    let text = "probe(a=0..4:1,n=0..4:1)"
    #expect(try Self.grid(text, cap: 25).points.count == 25)
    let e = Self.failure { _ = try Self.grid(text, cap: 24) }
    #expect(e.contains("the grid has 25 configurations, over the cap of 24"), "\(e)")
    #expect(Self.failure { _ = try Self.grid("probe(a=0..10:0.001)") }.contains("10001"))
  }

  @Test("points that break a constraint are skipped and listed; all of them is refused")
  func constraints() throws {
    let g = try Self.grid("probe(min-width=1|3|6,max-width=2..5:3)")
    #expect(g.size == 6)
    #expect(
      g.points.map(\.text) == [
        "probe(min-width=1,max-width=2)", "probe(min-width=1,max-width=5)",
        "probe(min-width=3,max-width=5)",
      ])
    #expect(g.skipped.count == 3)
    #expect(g.skipped[0].spec == "probe(min-width=3,max-width=2)")
    #expect(g.skipped[0].reason == "max-width (2) is below min-width (3)")
    let all = Self.failure { _ = try Self.grid("probe(min-width=6|7,max-width=2|3)") }
    #expect(all.contains("all 4 configurations break a constraint"), "\(all)")
    // A fixed pair that breaks it is an ordinary error, not a skip.
    #expect(
      Self.failure { _ = try Self.grid("probe(a=1|2,min-width=6,max-width=2)") }
        .contains("at least min-width"))
  }

  @Test("an option swept where it has no effect is refused")
  func inert() throws {
    let e = Self.failure { _ = try Self.grid("probe(beta=0.1|0.2)") }
    #expect(e.contains("option 'beta'") && e.contains("mode=filtered"), "\(e)")
    #expect(
      Self.failure { _ = try Self.grid("probe(mode=plain|filtered,beta=0.1|0.2)") }
        .contains("has no effect with mode=plain"))
    #expect(try Self.grid("probe(mode=filtered,beta=0.1|0.2)").points.count == 2)
    // Fixing an inert option is not a sweep and stays allowed.
    #expect(try Self.grid("probe(a=1|2,beta=0.1)").points.count == 2)
  }
}
