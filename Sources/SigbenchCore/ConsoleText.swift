/// Text from files (names, metadata, values) made safe to print on one console line: control
/// characters cannot start a new line, move the cursor or clear the screen, and bidirectional
/// controls cannot reorder what a reader sees.
///
/// Escaped: C0 controls and DEL as `\n`, `\r`, `\t`, `\e` or `\u{…}`; C1 controls; the
/// bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the
/// marks U+200E, U+200F, U+061C (Unicode Standard Annex #9 lists them); a backslash doubled so
/// the escapes stay unambiguous. Everything else is kept.
public enum ConsoleText {
  /// `text` with every unsafe scalar escaped.
  public static func escaped(_ text: String) -> String { escape(text, lines: false) }

  /// A whole message made safe: like `escaped`, but line feeds and tabs (the message's own
  /// layout) are kept and backslashes left alone (the parts quoted from files were escaped
  /// where they were quoted).
  public static func message(_ text: String) -> String { escape(text, lines: true) }

  private static func escape(_ text: String, lines: Bool) -> String {
    func needs(_ s: Unicode.Scalar) -> Bool {
      lines ? isUnsafe(s) && s != "\n" && s != "\t" : isUnsafe(s) || s == "\\"
    }
    guard text.unicodeScalars.contains(where: needs) else { return text }
    var out = ""
    out.reserveCapacity(text.utf8.count + 8)
    for s in text.unicodeScalars {
      guard needs(s) else {
        out.unicodeScalars.append(s)
        continue
      }
      switch s {
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{1B}": out += "\\e"
      default: out += "\\u{" + String(s.value, radix: 16, uppercase: true) + "}"
      }
    }
    return out
  }

  /// `escaped(text)` in single quotes.
  public static func quoted(_ text: String) -> String { "'" + escaped(text) + "'" }

  /// True for the scalars `escaped` rewrites (the backslash aside).
  public static func isUnsafe(_ s: Unicode.Scalar) -> Bool {
    let v = s.value
    return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
      || (0x2066...0x2069).contains(v) || v == 0x200E || v == 0x200F || v == 0x061C
  }
}
