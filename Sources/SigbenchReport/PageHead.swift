import SigbenchDigest

/// The head of every report page (the sheet, gallery, sample, metrics and history pages): the
/// character set, the phone viewport, the title, the page's one inline style sheet and one
/// inline script (`PageScript`), and a Content-Security-Policy that admits exactly those two
/// by their SHA-256 hashes.
///
/// The policy: `default-src 'none'` forbids every fetch the page does not need (connections,
/// fonts, frames, workers, objects); pictures come only from the run folder (`img-src 'self'`);
/// `base-uri` and `form-action` are closed. Hashes rather than `'unsafe-inline'` also refuse
/// inline event handlers and any script a tampered page would add. No network, one small
/// script, and the page reads without it.
enum PageHead {
  /// `<!DOCTYPE html>` through `<body>`, with `title` escaped here and `style` as given.
  static func render(title: String, style: String) -> String {
    var h = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    h += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    h += "<meta http-equiv=\"Content-Security-Policy\" content=\"\(policy(style: style))\">\n"
    h += "<title>\(escapeHTML(title))</title>\n<style>\(style)</style>\n"
    h += "<script>\(scriptBody)</script>\n</head>\n<body>\n"
    return h
  }

  /// The inline script element's body, and its hash source (the same on every page).
  static let scriptBody = "\n" + PageScript.source + "\n"
  static let scriptSource = SHA256Digest.cspSource(scriptBody)

  /// The policy for a page whose inline style sheet is `style`.
  static func policy(style: String) -> String {
    "default-src 'none'; script-src \(scriptSource); style-src \(SHA256Digest.cspSource(style)); "
      + "img-src 'self'; base-uri 'none'; form-action 'none'"
  }
}
