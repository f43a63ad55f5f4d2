/// Help text in argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, then more.
public enum HelpFormatter {
  /// `sigbench NAME --required <V> [--optional <V>] [--list <V> ...] <positional>`.
  public static func usage(_ spec: CommandSpec) -> String {
    usageParts(spec).joined(separator: " ")
  }

  static func usageParts(_ spec: CommandSpec) -> [String] {
    var parts = ["sigbench", spec.name]
    for o in spec.options where o.long != OptionSpec.help.long {
      var text = o.valueName.map { "--\(o.long) <\($0)>" } ?? "--\(o.long)"
      if o.repeatable { text += " ..." }
      parts.append(o.required ? text : "[\(text)]")
    }
    for p in spec.positionals {
      let name = "<\(p.name)>" + (p.variadic ? "..." : "")
      parts.append(p.optional ? "[\(name)]" : name)
    }
    return [parts[0] + " " + parts[1]] + parts.dropFirst(2)
  }

  public static func help(_ spec: CommandSpec) -> String {
    var out = "OVERVIEW: \(spec.abstract)\n"
    if !spec.discussion.isEmpty { out += "\n\(spec.discussion)\n" }
    let usageLines = wrap(usageParts(spec), width: width - 7)
    out += "\nUSAGE: " + usageLines.joined(separator: "\n       ") + "\n"
    if !spec.positionals.isEmpty {
      out += "\nARGUMENTS:\n"
      for p in spec.positionals { out += row("<\(p.name)>", p.help) }
    }
    out += "\nOPTIONS:\n"
    for o in spec.options {
      var left = o.short.map { "-\($0), " } ?? ""
      left += "--\(o.long)"
      if let v = o.valueName { left += " <\(v)>" }
      out += row(left, describe(o))
    }
    return out
  }

  /// The option's shared description followed by this command's use of it.
  public static func describe(_ o: OptionSpec) -> String {
    var text = o.help
    if let r = o.rangeText { text += " (range: \(r))" }
    if let allowed = o.allowedValues { text += " (values: \(allowed.joined(separator: ", ")))" }
    if o.repeatable { text += " (repeatable)" }
    if o.required { text += " (required)" }
    switch (o.defaultNote, o.defaultValue) {
    case (let note?, let value?): text += " (default: \(note): \(value))"
    case (let note?, nil): text += " (default: \(note))"
    case (nil, let value?): text += " (default: \(value))"
    case (nil, nil): break
    }
    return text
  }

  /// The width help is wrapped to: a terminal's 80 columns.
  public static let width = 80

  /// `left` in a 26-column gutter, `text` wrapped beside it within `width`.
  public static func row(_ left: String, _ text: String) -> String {
    let pad = 26
    let indent = String(repeating: " ", count: pad)
    let lines = wrap(text, width: width - pad)
    var out: String
    if left.count + 2 >= pad {
      out = "  \(left)\n" + indent + lines[0] + "\n"
    } else {
      out = "  " + left + String(repeating: " ", count: pad - 2 - left.count) + lines[0] + "\n"
    }
    for line in lines.dropFirst() { out += indent + line + "\n" }
    return out
  }

  /// `text` broken at spaces into lines of at most `width` characters (a longer word stands
  /// alone on its line).
  public static func wrap(_ text: String, width: Int) -> [String] {
    wrap(text.split(separator: " ").map(String.init), width: width)
  }

  /// `words` joined by spaces into lines of at most `width` characters.
  public static func wrap(_ words: [String], width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in words {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = String(word)
      } else {
        line += line.isEmpty ? String(word) : " " + word
      }
    }
    return lines + [line]
  }
}

extension HelpFormatter {
  /// A section of the tool's help: a title and its rows.
  public struct Section: Sendable {
    public var title: String
    public var rows: [(String, String)]
    public init(_ title: String, _ rows: [(String, String)]) {
      self.title = title
      self.rows = rows
    }
  }

  /// The tool's own help (`TOOL --help`): the overview, usage, the tool's options, one row per
  /// subcommand, then `sections` and the closing `notes`.
  public static func toolHelp(
    _ tool: String, overview: String, commands: [CommandSpec], sections: [Section],
    notes: String
  ) -> String {
    var out = "OVERVIEW: " + wrap(overview, width: width - 10).joined(separator: "\n") + "\n\n"
    out += "USAGE: \(tool) <subcommand> [options]\n\nOPTIONS:\n"
    out += row("--version", "Show the version.")
    out += row("-h, --help", "Show help information.")
    out += "\nSUBCOMMANDS:\n"
    for c in commands { out += row(c.name, c.abstract) }
    for s in sections {
      out += "\n\(s.title):\n"
      for (left, text) in s.rows { out += row(left, text) }
    }
    return out + "\n" + wrap(notes, width: width).joined(separator: "\n") + "\n"
      + "\n  See '\(tool) help <subcommand>' for detailed help."
  }

  /// What follows a usage error: the command's usage and where its help is (or the tool's).
  public static func usageHint(_ tool: String, _ spec: CommandSpec?) -> [String] {
    guard let spec else {
      return [
        "Usage: \(tool) <subcommand> [options]",
        "  See '\(tool) --help' for the list of subcommands.",
      ]
    }
    return ["Usage: \(usage(spec))", "  See '\(tool) help \(spec.name)' for more information."]
  }
}
