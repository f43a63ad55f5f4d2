import Foundation
import SigbenchCore
import Testing

@testable import SigbenchExternal

/// A manifest with every field, as JSON text (`edit` changes the decoded object first).
func manifestText(_ edit: (inout [String: Any]) -> Void = { _ in }) -> Data {
  var m: [String: Any] = [
    "id": "py-smooth",
    "summary": "A moving average in Python.",
    "details": "Mean of the last `window` samples; the tail is the raw samples since.",
    "kind": "process",
    "command": ["python3", "smooth.py"],
    "protocol": 1,
    "cost": "incremental",
    "options": [
      [
        "name": "window", "type": "integer", "default": 5, "range": ["min": 1, "max": 99],
        "typical": "3–9", "help": "Samples averaged.",
      ],
      [
        "name": "min-width", "type": "number", "unit": "px", "default": 1,
        "range": ["min": 0, "max": 50, "minExclusive": true], "help": "Thinnest line.",
      ],
      [
        "name": "max-width", "type": "number", "unit": "px", "default": 3,
        "range": ["min": 0, "max": 50, "minExclusive": true], "help": "Thickest line.",
      ],
      [
        "name": "lead", "type": "number", "unit": "px", "default": 0.5,
        "range": ["min": 0, "max": 10], "help": "How far the tail leads.",
      ],
      [
        "name": "mode", "type": "choice", "values": ["mean", "median"], "default": "mean",
        "help": "The average taken.",
      ],
    ],
    "constraints": [["lead", "max-width"]],
  ]
  edit(&m)
  return try! JSONSerialization.data(withJSONObject: m, options: [.sortedKeys])
}

@Test func aWholeManifestReadsIntoTheDescriptorABuiltInDeclares() throws {
  let m = try ExternalManifest.parse(manifestText(), path: "x/py-smooth.sigbench-strategy.json")
  #expect(m.id == "py-smooth" && m.kind == .process && m.protocolVersion == 1)
  #expect(m.command == ["python3", "smooth.py"])
  #expect(m.parameters.map(\.name) == ["window", "min-width", "max-width", "lead", "mode"])
  #expect(m.parameters[0].domain == .integer(1...99) && m.parameters[0].typical == "3–9")
  #expect(
    m.parameters[1].domain == .number(lower: 0, lowerClosed: false, upper: 50, upperClosed: true))
  #expect(m.parameters[3].defaultValue == .number(0.5))
  #expect(m.parameters[4].domain == .choice(["mean", "median"]))
  // Options are validated like a built-in's: the same parser, the same naming rule for
  // min-/max- pairs, and the declared constraint.
  let d = m.descriptor
  let c = try StrategyConfiguration(descriptor: d, options: [("window", "7"), ("mode", "median")])
  #expect(c.label == "py-smooth(mode=median,window=7)")
  #expect(throws: StrategyError.self) {
    try StrategyConfiguration(descriptor: d, options: [("window", "0")])
  }
  #expect(throws: StrategyError.self) {
    try StrategyConfiguration(descriptor: d, options: [("min-width", "4")])
  }
  #expect(throws: StrategyError.self) {
    try StrategyConfiguration(descriptor: d, options: [("lead", "3.5")])
  }
}

/// One broken field at a time: the error names the file, that field and its rule.
@Test func aBrokenTopLevelFieldIsNamed() throws {
  let cases: [(String, (inout [String: Any]) -> Void, String)] = [
    ("id", { (m: inout [String: Any]) in m["id"] = "My_Smooth" }, "kebab-case"),
    ("summary", { (m: inout [String: Any]) in m["summary"] = "two\nlines" }, "one non-empty line"),
    ("details", { (m: inout [String: Any]) in m.removeValue(forKey: "details") }, "a string"),
    ("kind", { (m: inout [String: Any]) in m["kind"] = "plugin" }, "one of: process, library"),
    ("command", { (m: inout [String: Any]) in m["command"] = [String]() }, "a non-empty array"),
    ("command[1]", { (m: inout [String: Any]) in m["command"] = ["python3", ""] }, "non-empty"),
    ("protocol", { (m: inout [String: Any]) in m["protocol"] = 2 }, "protocol version"),
    ("protocol", { (m: inout [String: Any]) in m["protocol"] = "1" }, "a whole number"),
    ("cost", { (m: inout [String: Any]) in m["cost"] = "cheap" }, "incremental"),
    ("summery", { (m: inout [String: Any]) in m["summery"] = "x" }, "did you mean 'summary'"),
  ]
  for (field, edit, rule) in cases {
    try expectInvalid(manifestText(edit), field: field, rule: rule)
  }
}

@Test func aBrokenOptionFieldIsNamed() throws {
  let cases: [(String, (inout [String: Any]) -> Void, String)] = [
    ("options[0].type", { (o: inout [String: Any]) in o["type"] = "float" }, "number, integer"),
    ("options[0].default", { (o: inout [String: Any]) in o["default"] = 100 }, "[1, 99]"),
    ("options[0].default", { (o: inout [String: Any]) in o["default"] = 2.5 }, "whole number"),
    ("options[0].range.max", { (o: inout [String: Any]) in o["range"] = ["min": 1] }, "number"),
    ("options[0].range", { (o: inout [String: Any]) in o["range"] = ["min": 5, "max": 1] }, "min"),
    ("options[0].values", { (o: inout [String: Any]) in o["values"] = ["a"] }, "absent"),
    ("options[0].name", { (o: inout [String: Any]) in o["name"] = "Window" }, "kebab-case"),
    ("options[0].help", { (o: inout [String: Any]) in o["help"] = "" }, "one non-empty line"),
    ("options[0].unit", { (o: inout [String: Any]) in o["unit"] = 3 }, "a string"),
    ("options[0].hlep", { (o: inout [String: Any]) in o["hlep"] = "x" }, "did you mean 'help'"),
  ]
  for (field, edit, rule) in cases {
    let text = manifestText { m in
      var options = m["options"] as! [[String: Any]]
      edit(&options[0])
      m["options"] = options
    }
    try expectInvalid(text, field: field, rule: rule)
  }
}

@Test func choicesConstraintsAndDuplicatesAreChecked() throws {
  try expectInvalid(
    manifestText { m in
      var options = m["options"] as! [[String: Any]]
      options[4]["default"] = "mode"
      m["options"] = options
    }, field: "options[4].default", rule: "one of: mean, median")
  try expectInvalid(
    manifestText { m in
      var options = m["options"] as! [[String: Any]]
      options[4]["values"] = ["mean", "mean"]
      m["options"] = options
    }, field: "options[4].values[1]", rule: "distinct")
  try expectInvalid(
    manifestText { m in
      var options = m["options"] as! [[String: Any]]
      options[1]["name"] = "window"
      m["options"] = options
    }, field: "options[1].name", rule: "unique")
  try expectInvalid(
    manifestText { $0["constraints"] = [["lead", "speed"]] }, field: "constraints[0][1]",
    rule: "declared option")
  try expectInvalid(
    manifestText { $0["constraints"] = [["mode", "lead"]] }, field: "constraints[0][0]",
    rule: "a number or integer option")
  // Defaults that break a constraint: lead 0.5 is not at most max-width 0.25.
  try expectInvalid(
    manifestText { m in
      var options = m["options"] as! [[String: Any]]
      options[2]["default"] = 0.25
      options[1]["default"] = 0.1
      m["options"] = options
    }, field: "constraints", rule: "met by the options' defaults")
}

@Test func textThatIsNotJSONIsNamedWithTheParsersPlace() throws {
  let path = "f/bad.sigbench-strategy.json"
  do {
    _ = try ExternalManifest.parse(Data("{\"id\": \"a\",\n  \"kind\": }".utf8), path: path)
    Issue.record("no error")
  } catch {
    guard case .notJSON(let p, let message) = error else {
      Issue.record("\(error)")
      return
    }
    #expect(p == path)
    #expect(!message.isEmpty)
    #expect(error.description.hasPrefix(path))
  }
}

/// Parses `data` expecting an `invalidField` error for `field` whose rule mentions `rule`.
func expectInvalid(
  _ data: Data, field: String, rule: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let path = "strategies/py-smooth.sigbench-strategy.json"
  do {
    let m = try ExternalManifest.parse(data, path: path)
    Issue.record("accepted: \(m.id)", sourceLocation: sourceLocation)
  } catch {
    guard case .invalidField(let p, let f, let r, _) = error else {
      Issue.record("\(error)", sourceLocation: sourceLocation)
      return
    }
    #expect(p == path, sourceLocation: sourceLocation)
    #expect(f == field, "\(error)", sourceLocation: sourceLocation)
    #expect(r.contains(rule), "\(error)", sourceLocation: sourceLocation)
    #expect(error.description.contains(path) && error.description.contains(field))
  }
}

/// The README's example manifest is one this build reads.
@Test func theReadmesExampleManifestReads() throws {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
  let section = try #require(readme.range(of: "## Your own strategy"))
  let open = try #require(
    readme.range(of: "```json\n", range: section.upperBound..<readme.endIndex))
  let close = try #require(readme.range(of: "```", range: open.upperBound..<readme.endIndex))
  let m = try ExternalManifest.parse(
    Data(readme[open.upperBound..<close.lowerBound].utf8), path: "README.md")
  #expect(m.id == "py-smooth" && m.parameters.count == 3)
}
