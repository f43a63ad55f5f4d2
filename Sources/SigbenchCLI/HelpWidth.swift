import Foundation

/// The width help is wrapped to: `COLUMNS` when set to a number (as shells export it), else the
/// terminal's width when standard output is one, else 80 (a pipe, a file, a CI log). Clamped
/// to 40…200 columns so help stays readable on odd terminals.
enum HelpWidth {
  static func current(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int {
    if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 {
      return clamp(columns)
    }
    var size = winsize()
    if isatty(STDOUT_FILENO) == 1, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0,
      size.ws_col > 0
    {
      return clamp(Int(size.ws_col))
    }
    return 80
  }

  static func clamp(_ columns: Int) -> Int { min(200, max(40, columns)) }
}
