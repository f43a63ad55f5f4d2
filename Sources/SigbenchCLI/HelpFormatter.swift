/// Help text in argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, then more.
public enum HelpFormatter {
  public static func usage(_ spec: CommandSpec) -> String {
    var parts = ["sigbench", spec.name]
    for o in spec.options where o.long != "help" {
      let req = o.valueName.map { "--\(o.long) <\($0)>" } ?? "--\(o.long)"
      parts.append("[\(req)]")
    }
    for p in spec.positionals {
      let name = "<\(p.name)>" + (p.variadic ? "..." : "")
      parts.append(p.optional ? "[\(name)]" : name)
    }
    return parts.joined(separator: " ")
  }

  public static func help(_ spec: CommandSpec) -> String {
    var out = "OVERVIEW: \(spec.abstract)\n"
    if !spec.discussion.isEmpty { out += "\n\(spec.discussion)\n" }
    out += "\nUSAGE: \(usage(spec))\n"
    if !spec.positionals.isEmpty {
      out += "\nARGUMENTS:\n"
      for p in spec.positionals { out += row("<\(p.name)>", p.help) }
    }
    out += "\nOPTIONS:\n"
    for o in spec.options {
      var left = o.short.map { "-\($0), " } ?? ""
      left += "--\(o.long)"
      if let v = o.valueName { left += " <\(v)>" }
      var text = o.help
      if let allowed = o.allowedValues { text += " (values: \(allowed.joined(separator: ", ")))" }
      if let d = o.defaultValue { text += " (default: \(d))" }
      out += row(left, text)
    }
    return out
  }

  static func row(_ left: String, _ text: String) -> String {
    let pad = 26
    if left.count + 2 >= pad {
      return "  \(left)\n" + String(repeating: " ", count: pad) + "\(text)\n"
    }
    return "  " + left + String(repeating: " ", count: pad - 2 - left.count) + text + "\n"
  }
}
