import SigbenchCore

extension ManifestReader {
  /// One entry of `options` (see `ExternalManifest.read(at:)`) as the declaration a built-in
  /// writes in Swift; its default is checked by the same parser a spec's value goes through.
  func option(_ v: ManifestJSON, _ field: String, id: String) throws(ExternalManifestError)
    -> ParameterInfo
  {
    let o = try object(v, field)
    try onlyKnown(
      o, ["name", "type", "unit", "default", "range", "values", "typical", "help"], in: field)
    let name = try kebab(o["name"], "\(field).name")
    let type = try string(o["type"], "\(field).type")
    let unit =
      try o["unit"].map { u throws(ExternalManifestError) in try string(u, "\(field).unit") } ?? ""
    let typical =
      try o["typical"].map { t throws(ExternalManifestError) in try string(t, "\(field).typical") }
      ?? ""
    let help = try line(o["help"], "\(field).help")
    let domain: ParameterInfo.Domain
    switch type {
    case "number", "integer":
      guard o["values"] == nil else {
        throw invalid(
          "\(field).values", "absent for a number or integer option (it has a range)", o["values"])
      }
      let range = try object(o["range"], "\(field).range")
      let keys =
        type == "number" ? ["min", "max", "minExclusive", "maxExclusive"] : ["min", "max"]
      try onlyKnown(range, keys, in: "\(field).range")
      if type == "number" {
        let lo = try number(range["min"], "\(field).range.min")
        let hi = try number(range["max"], "\(field).range.max")
        let loOpen =
          try range["minExclusive"].map { b throws(ExternalManifestError) in
            try bool(b, "\(field).range.minExclusive")
          } ?? false
        let hiOpen =
          try range["maxExclusive"].map { b throws(ExternalManifestError) in
            try bool(b, "\(field).range.maxExclusive")
          } ?? false
        guard lo < hi || (lo == hi && !loOpen && !hiOpen) else {
          throw invalid("\(field).range", "a range holding a value (min below max)", o["range"])
        }
        domain = .number(lower: lo, lowerClosed: !loOpen, upper: hi, upperClosed: !hiOpen)
      } else {
        let lo = try integer(range["min"], "\(field).range.min")
        let hi = try integer(range["max"], "\(field).range.max")
        guard lo <= hi else {
          throw invalid("\(field).range", "a range with min at most max", o["range"])
        }
        domain = .integer(lo...hi)
      }
    case "choice":
      guard o["range"] == nil else {
        throw invalid("\(field).range", "absent for a choice option (it has values)", o["range"])
      }
      let list = try array(o["values"], "\(field).values")
      var words: [String] = []
      for (i, w) in list.enumerated() {
        let word = try kebab(w, "\(field).values[\(i)]")
        guard !words.contains(word) else {
          throw invalid("\(field).values[\(i)]", "distinct from the other values", w)
        }
        words.append(word)
      }
      guard !words.isEmpty else {
        throw invalid("\(field).values", "a non-empty array", o["values"])
      }
      domain = .choice(words)
    default:
      throw invalid("\(field).type", "one of: number, integer, choice", o["type"])
    }
    var info = ParameterInfo(
      name: name, unit: unit, domain: domain, defaultValue: .number(0), typical: typical,
      help: help)
    // The default is written as JSON (a number, or a string for a choice) and checked by the
    // parser every spec value goes through.
    let text: String
    switch (domain, o["default"]) {
    case (.choice, .string(let s)?): text = s
    case (.number, .number(let d)?), (.integer, .number(let d)?):
      text = JSONText.number(d)
    default:
      throw invalid(
        "\(field).default", type == "choice" ? "one of the values, as a string" : "a number",
        o["default"])
    }
    do {
      info.defaultValue = try info.parse(text, strategy: id)
    } catch {
      throw invalid("\(field).default", info.rule, o["default"])
    }
    return info
  }

  /// `constraints`: pairs of declared number or integer options.
  func constraints(_ v: ManifestJSON?, _ parameters: [ParameterInfo])
    throws(ExternalManifestError) -> [StrategyDescriptor.OrderedPair]
  {
    guard let v else { return [] }
    var pairs: [StrategyDescriptor.OrderedPair] = []
    for (i, item) in try array(v, "constraints").enumerated() {
      let field = "constraints[\(i)]"
      let pair = try array(item, field)
      guard pair.count == 2 else {
        throw invalid(field, "a pair [low, high] of option names", item)
      }
      var names: [String] = []
      for (j, n) in pair.enumerated() {
        let name = try string(n, "\(field)[\(j)]")
        guard let p = parameters.first(where: { $0.name == name }) else {
          throw invalid("\(field)[\(j)]", "the name of a declared option", n)
        }
        if case .choice = p.domain {
          throw invalid("\(field)[\(j)]", "a number or integer option", n)
        }
        names.append(name)
      }
      guard names[0] != names[1] else { throw invalid(field, "two different options", item) }
      pairs.append(.init(low: names[0], high: names[1]))
    }
    return pairs
  }
}
