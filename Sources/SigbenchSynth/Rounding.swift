import SigbenchCore

/// How synthetic and resampled values are rounded before they are stored, so files stay small
/// and readable (as `Corpus/fixtures` are): positions to 1/1000 px, times to 1 µs, pressure to
/// 1/1000, angles to 1/10000 rad.
public enum Rounding {
  /// `v` rounded to 1/1000 (px).
  public static func position(_ v: Double) -> Double { (v * 1000).rounded() / 1000 }
  /// `p` with both coordinates rounded to 1/1000 px.
  public static func position(_ p: Point) -> Point {
    Point(x: position(p.x), y: position(p.y))
  }
  /// `t` rounded to 1 µs (s).
  public static func time(_ t: Double) -> Double { (t * 1_000_000).rounded() / 1_000_000 }
  /// `p` rounded to 1/1000.
  public static func pressure(_ p: Double) -> Double { (p * 1000).rounded() / 1000 }
  /// `a` rounded to 1/10000 rad.
  public static func angle(_ a: Double) -> Double { (a * 10000).rounded() / 10000 }

  /// `v` as the shortest text that reads back to it, without a trailing `.0` for whole
  /// numbers (`120`, `0.25`): the form of the `synth key=value` notes.
  public static func text(_ v: Double) -> String {
    if v == v.rounded(), Swift.abs(v) < 1e15 { return String(Int64(v)) }
    return "\(v)"
  }
}
