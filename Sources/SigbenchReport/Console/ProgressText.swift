/// The words and bar of a counted step's progress line on the console.
public enum ProgressText {
  /// "rendering 12/40 samples, 3.1/s, ETA 9 s" (`elapsed` in seconds). No rate and no ETA
  /// before a second has passed: one item in a few microseconds is not a rate.
  public static func line(label: String, done: Int, total: Int, elapsed: Double) -> String {
    let rate = elapsed >= 1 ? Double(done) / elapsed : 0
    var s = "\(label) \(done)/\(total)"
    if rate > 0 {
      s += ", \(format(rate, digits: 1))/s"
      if done < total { s += ", ETA \(Int((Double(total - done) / rate).rounded(.up))) s" }
    }
    return s
  }

  /// `[#####-------]`, `width` cells filled in proportion to `done` of `total`.
  public static func bar(done: Int, total: Int, width: Int = 24) -> String {
    let filled = min(width, max(0, done) * width / max(1, total))
    return "[" + String(repeating: "#", count: filled)
      + String(repeating: "-", count: width - filled) + "]"
  }
}
