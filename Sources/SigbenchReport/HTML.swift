import SigbenchCore
import SigbenchResults

/// Escapes text for HTML element content and attribute values: `& < > " '`, and control and
/// bidirectional-override characters as visible `\u{…}` escapes.
/// Every string that came from a corpus file or the command line passes through this.
public func escapeHTML(_ text: String) -> String {
  var out = ""
  out.reserveCapacity(text.utf8.count)
  for c in text.unicodeScalars {
    switch c {
    case "&": out += "&amp;"
    case "<": out += "&lt;"
    case ">": out += "&gt;"
    case "\"": out += "&quot;"
    case "'": out += "&#39;"
    case "\n", "\t": out.unicodeScalars.append(c)
    default:
      // Controls and bidirectional overrides (U+202E and kin) from file names or metadata
      // are shown as visible escapes, so they cannot reorder or hide what the page says.
      if ConsoleText.isUnsafe(c) {
        out += "\\u{" + String(c.value, radix: 16, uppercase: true) + "}"
      } else {
        out.unicodeScalars.append(c)
      }
    }
  }
  return out
}

/// Percent-encodes a relative path for use in `href`/`src` (keeps `/`, letters, digits and
/// `-._~`), then HTML-escapes it.
public func escapeURLPath(_ path: String) -> String {
  var out = ""
  for b in path.utf8 {
    let c = Character(Unicode.Scalar(b))
    if c.isASCII && (c.isLetter || c.isNumber || "-._~/".contains(c)) {
      out.append(c)
    } else {
      out += "%" + (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true)
    }
  }
  return escapeHTML(out)
}

/// A duration in nanoseconds as short text with a unit ("27 ns", "1.4 µs", "3.20 ms").
public func formatNanoseconds(_ ns: Double) -> String {
  if ns < 1_000 { return "\(Int(ns.rounded())) ns" }
  if ns < 1_000_000 { return format(ns / 1_000, digits: ns < 10_000 ? 2 : 1) + " µs" }
  return format(ns / 1_000_000, digits: 2) + " ms"
}

/// `v` with `digits` decimals (Foundation-free).
public func format(_ v: Double, digits: Int) -> String {
  guard v.isFinite else { return "–" }
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let r = (v * scale).rounded() / scale
  var s = String(r)
  if let dot = s.firstIndex(of: ".") {
    let decimals = s.distance(from: dot, to: s.endIndex) - 1
    if digits == 0 {
      s = String(s[..<dot])
    } else if decimals < digits {
      s += String(repeating: "0", count: digits - decimals)
    }
  }
  return s
}
