/// Help text in argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, then more.
public enum HelpFormatter {
  /// `sigbench NAME --required <V> [options] <positional>`: the required options as required,
  /// every other option under `[options]` (listed in full by `help`).
  public static func usage(_ spec: CommandSpec) -> String {
    usageParts(spec).joined(separator: " ")
  }

  static func usageParts(_ spec: CommandSpec) -> [String] {
    var parts = ["sigbench \(spec.name)"]
    for o in spec.options where o.required {
      var text = o.valueName.map { "--\(o.long) <\($0)>" } ?? "--\(o.long)"
      if o.repeatable { text += " ..." }
      parts.append(text)
    }
    if spec.options.contains(where: { !$0.required && $0.long != OptionSpec.help.long }) {
      parts.append("[options]")
    }
    for p in spec.positionals {
      let name = "<\(p.name)>" + (p.variadic ? "..." : "")
      parts.append(p.optional ? "[\(name)]" : name)
    }
    return parts
  }

  /// A command's help, every line within `width` columns (a word longer than that stands
  /// alone on its line).
  public static func help(_ spec: CommandSpec, width: Int = defaultWidth) -> String {
    var out = "OVERVIEW: " + wrap(spec.abstract, width: width - 10).joined(separator: "\n") + "\n"
    if !spec.discussion.isEmpty { out += "\n\(reflow(spec.discussion, width: width))\n" }
    let usageLines = wrap(usageParts(spec), width: width - 7)
    out += "\nUSAGE: " + usageLines.joined(separator: "\n       ") + "\n"
    if !spec.positionals.isEmpty {
      out += "\nARGUMENTS:\n"
      for p in spec.positionals { out += row("<\(p.name)>", p.help, width: width) }
    }
    out += "\nOPTIONS:\n"
    for o in spec.options {
      var left = o.short.map { "-\($0), " } ?? ""
      left += "--\(o.long)"
      if let v = o.valueName { left += " <\(v)>" }
      out += row(left, describe(o), width: width)
    }
    return out
  }

  /// Hand-laid-out text (paragraphs, `label  text` rows, `- ` items) re-wrapped to `width`:
  /// a line indented to the text of the entry above it (its hanging indent) continues that
  /// entry; a blank line, a line indented less, a bullet or a new `label  text` row starts a
  /// new one. Each entry is wrapped with its continuation lines at its hanging indent, so rows
  /// and lists keep their shape at any width.
  public static func reflow(_ text: String, width: Int) -> String {
    var entries: [(head: String, hang: Int, words: [String])] = []
    var open = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      let chars = Array(line)
      let indent = chars.prefix { $0 == " " }.count
      if chars.count == indent {
        entries.append(("", 0, []))
        open = false
        continue
      }
      let body = Array(chars[indent...])
      let bullet = body.starts(with: ["-", " "])
      let gap = (0..<min(24, max(0, body.count - 1))).first {
        body[$0] == " " && body[$0 + 1] == " "
      }
      if open, let last = entries.last, indent == last.hang, !bullet, gap == nil {
        entries[entries.count - 1].words += body.split(separator: " ").map { String($0) }
        continue
      }
      var hang = indent + (bullet ? 2 : 0)
      if let gap, !bullet { hang = indent + gap + body[gap...].prefix { $0 == " " }.count }
      let head = String(chars.prefix(hang))
      let rest = String(chars.dropFirst(hang))
      entries.append((head, hang, rest.split(separator: " ").map { String($0) }))
      open = true
    }
    var out: [String] = []
    for e in entries {
      guard !e.words.isEmpty else {
        out.append(e.head)
        continue
      }
      let lines = wrap(e.words, width: max(20, width - e.hang))
      out.append(e.head + lines[0])
      out += lines.dropFirst().map { String(repeating: " ", count: e.hang) + $0 }
    }
    return out.joined(separator: "\n")
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

  /// The width help is wrapped to when it does not go to a terminal of known width: 80
  /// columns.
  public static let defaultWidth = 80

  /// `left` in a 26-column gutter, `text` wrapped beside it within `width`.
  public static func row(_ left: String, _ text: String, width: Int = defaultWidth) -> String {
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
    notes: String, width: Int = defaultWidth
  ) -> String {
    var out = "OVERVIEW: " + wrap(overview, width: width - 10).joined(separator: "\n") + "\n\n"
    out += "USAGE: \(tool) <subcommand> [options]\n\nOPTIONS:\n"
    out += row("--version", "Show the version.", width: width)
    out += row("-h, --help", "Show help information.", width: width)
    out += "\nSUBCOMMANDS:\n"
    for c in commands { out += row(c.name, c.abstract, width: width) }
    for s in sections {
      out += "\n" + wrap(s.title + ":", width: width).joined(separator: "\n") + "\n"
      for (left, text) in s.rows { out += row(left, text, width: width) }
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
