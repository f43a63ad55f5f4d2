import SigbenchCore
import Testing

@Suite("strategy spec syntax")
struct StrategySpecTests {
  @Test("a bare id parses with no options")
  func bareID() throws {
    let s = try StrategySpec.parse("straight")
    #expect(s == StrategySpec(id: "straight"))
  }

  @Test("options keep their order and values; whitespace is ignored")
  func options() throws {
    let s = try StrategySpec.parse(" catmull-rom ( width = pressure , alpha=0.5 ) ")
    #expect(s.id == "catmull-rom")
    #expect(
      s.options == [.init(name: "width", value: "pressure"), .init(name: "alpha", value: "0.5")])
    #expect(s.text == "catmull-rom(width=pressure,alpha=0.5)")
  }

  @Test("a list splits only at top-level commas")
  func list() throws {
    let l = try StrategySpec.parseList(
      "straight,catmull-rom(width=pressure,alpha=0.5),uber-weighted")
    #expect(l.map(\.id) == ["straight", "catmull-rom", "uber-weighted"])
    #expect(l[1].options.count == 2)
  }

  @Test(
    "syntax errors name the offset and what was expected",
    arguments: [
      ("", 0, "strategy id"), ("straight(", 9, "option name"), ("a(b)", 3, "'='"),
      ("a(b=)", 4, "value"), ("a(b=1", 5, "')'"), ("a b", 2, "unexpected"),
      ("a,,b", 2, "strategy id"),
      ("a(b=1)x", 6, "unexpected"),
    ])
  func syntaxErrors(text: String, offset: Int, fragment: String) {
    do {
      _ = try StrategySpec.parseList(text)
      Issue.record("'\(text)' parsed but should not")
    } catch {
      guard case .syntax(_, let at, let message) = error else {
        Issue.record("wrong error \(error)")
        return
      }
      #expect(at == offset, "offset for '\(text)'")
      #expect(error.description.contains(fragment), "\(error.description)")
      _ = message
    }
  }
}

@Suite("strategy configuration")
struct StrategyConfigurationTests {
  static let descriptor = StrategyDescriptor(
    id: "demo", summary: "test", details: "",
    parameters: [
      .number("width", unit: "px", 0, 10, lowerClosed: false, default: 2, help: "w"),
      .choice("mode", ["a", "b"], default: "a", help: "m"),
      ParameterInfo(
        name: "count", unit: "", domain: .integer(1...5), defaultValue: .number(3), help: "c"),
    ])

  func configure(_ options: [(String, String)]) throws -> StrategyConfiguration {
    try StrategyConfiguration(
      descriptor: Self.descriptor, options: options.map { (name: $0.0, value: $0.1) })
  }

  @Test("defaults fill every option and the label is the bare id")
  func defaults() throws {
    let c = try configure([])
    #expect(c.label == "demo")
    #expect(c.number("width") == 2)
    #expect(c.choice("mode") == "a")
  }

  @Test("the label lists only non-default options, sorted, in canonical form")
  func label() throws {
    #expect(try configure([("width", "2.50"), ("mode", "b")]).label == "demo(mode=b,width=2.5)")
    #expect(try configure([("width", "2.0"), ("mode", "a")]).label == "demo")
    #expect(try configure([("count", "4")]).label == "demo(count=4)")
  }

  @Test(
    "values outside the rule are rejected naming option, rule and value",
    arguments: [
      ("width", "0"), ("width", "10.5"), ("width", "abc"), ("width", "nan"), ("width", "inf"),
      ("mode", "c"), ("count", "0"), ("count", "2.5"),
    ])
  func invalid(name: String, value: String) {
    do {
      _ = try configure([(name, value)])
      Issue.record("\(name)=\(value) accepted")
    } catch {
      let text = "\(error)"
      #expect(text.contains(name) && text.contains(value) && text.contains("must be"), "\(text)")
    }
  }

  @Test("an unknown option suggests the nearest name")
  func unknownOption() {
    #expect(throws: StrategyError.self) { try configure([("widht", "3")]) }
    do { _ = try configure([("widht", "3")]) } catch {
      #expect("\(error)".contains("Did you mean 'width'?"))
    }
  }

  @Test("an option given twice is rejected")
  func duplicate() {
    #expect(throws: StrategyError.self) { try configure([("width", "3"), ("width", "4")]) }
  }
}

@Suite("edit distance")
struct EditDistanceTests {
  @Test func known() {
    #expect(editDistance("kitten", "sitting") == 3)
    #expect(editDistance("", "abc") == 3)
    #expect(editDistance("same", "same") == 0)
    #expect(editDistance("widht", "width") == 1)
    #expect(closestMatch(to: "straigth", in: ["straight", "catmull-rom"]) == "straight")
    #expect(closestMatch(to: "zzz", in: ["straight", "catmull-rom"]) == nil)
  }
}
