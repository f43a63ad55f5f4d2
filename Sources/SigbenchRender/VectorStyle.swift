import SigbenchCore

/// What vector export (SVG, PDF) needs besides the geometry: ink colour and layer opacity,
/// an optional background, and the free space around the ink.
///
/// Vector output draws the very shapes the raster fills: every outline subpath filled
/// non-zero on its own, every disc, the outline stroke when `outlineStrokeWidth > 0` (miter
/// joins, limit 10, butt caps) and centreline-only geometry as the `CenterlineStroker`'s
/// trapezoids and discs. Each stroke is one opaque group composited with the opacity, so the
/// union semantics of `InkGeometry` (and the highlighter's single alpha) carry over.
public struct VectorStyle: Hashable, Sendable {
  /// Ink colour; its alpha is multiplied into the stroke layer's opacity.
  public var ink: RGBA = .black
  /// Stroke layer opacity in [0, 1].
  public var opacity: Double = 1
  /// Background filling the whole frame, or `nil` (or a clear colour) for none.
  public var background: RGBA?
  /// Free space around the tight ink bounds, CSS px (≥ 0).
  public var margin: Double = 0

  public init(ink: RGBA = .black, opacity: Double = 1, background: RGBA? = nil, margin: Double = 0)
  {
    self.ink = ink
    self.opacity = opacity
    self.background = background
    self.margin = margin
  }

  /// The exported area in CSS px: the tight ink bounds (`InkBounds`) grown by `margin`.
  /// Throws when there is no ink to export.
  public func frame(_ strokes: [InkGeometry]) throws(RenderError) -> Rect {
    try frame(bounds: InkBounds.of(strokes))
  }

  /// The exported area around the tight ink bounds `bounds` (`InkBounds`; `nil`: no ink).
  func frame(bounds: Rect?) throws(RenderError) -> Rect {
    guard margin.isFinite, margin >= 0 else { throw .vector("margin must be ≥ 0; got \(margin)") }
    guard let b = bounds else {
      throw .vector("nothing to export: the drawing has no ink")
    }
    let f = b.insetBy(-margin)
    // Beyond ~100 m of ink the input is broken, and cairo would spend unbounded time
    // flattening arcs of such radii.
    let limit = VectorStyle.maxExtent
    guard abs(f.minX) <= limit, abs(f.minY) <= limit, abs(f.maxX) <= limit, abs(f.maxY) <= limit
    else {
      throw .vector(
        "ink extends beyond ±\(Int(limit)) CSS px (\(f.minX), \(f.minY) … \(f.maxX), \(f.maxY)); "
          + "refusing to export")
    }
    return f
  }

  /// Largest coordinate magnitude exported, CSS px (about 100 m).
  public static let maxExtent = 400_000.0

  /// Effective layer alpha: colour alpha × opacity, clamped to [0, 1].
  var layerAlpha: Double { max(0, min(1, Double(ink.a) / 255 * opacity)) }
}

/// Deterministic decimal text for vector files: at most `decimals` digits after the point,
/// trailing zeros removed, no exponent, no negative zero.
enum DecimalText {
  static func format(_ v: Double, decimals: Int = 3) -> String {
    guard v.isFinite else { return "0" }
    var scale: Double = 1
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (v * scale).rounded()
    guard abs(scaled) < 9e15 else { return String(v) }  // exponent form, still valid SVG
    var n = Int64(scaled)
    if n == 0 { return "0" }
    let negative = n < 0
    n = abs(n)
    let unit = Int64(scale)
    let whole = n / unit
    var frac = n % unit
    var text = String(whole)
    if frac > 0 {
      var digits = decimals
      while frac % 10 == 0 {
        frac /= 10
        digits -= 1
      }
      let f = String(frac)
      text += "." + String(repeating: "0", count: digits - f.count) + f
    }
    return negative ? "-" + text : text
  }

  /// The length in bytes of `format(v, decimals:)`, without building the text.
  @inline(__always) static func length(_ v: Double, decimals: Int = 3) -> Int {
    if decimals == 3 { return length3(v) }
    var scale: Double = 1
    for _ in 0..<decimals { scale *= 10 }
    return length(v, decimals: decimals, scale: scale)
  }

  /// `length(v, decimals: 3)`, the precision of every coordinate: `format`'s integer
  /// arithmetic with constant operands, the digits counted by comparison and the rounding done
  /// in integers instead of by libm's `round` (about 30 instructions inlined, against about 100
  /// with the call and `round`).
  ///
  /// Why the rounding is `format`'s: `rounded()` rounds half away from zero, so
  /// `|round(x)| = round(|x|)` (`x = v·1000`). For `|x| < 9e15`, `t = Int64(|x|)` truncates
  /// exactly and `|x| − t` is exact (the fraction bits of `|x|`), so `round(|x|)` is `t + 1`
  /// when that fraction is ≥ 0.5, else `t`; the text is signed when `round(x) ≠ 0` and `x < 0`.
  /// `round(x)` reaches 9e15 exactly when `|x|` does (9e15 is an integer, and doubles in
  /// [2^52, 2^53) are integers), so `format`'s exponent-form guard takes the same values; it
  /// and non-finite input go the slow way.
  @inline(__always) static func length3(_ v: Double) -> Int {
    let x = v * 1000
    let a = abs(x)
    guard a < 9e15 else { return v.isFinite ? String(v).utf8.count : 1 }
    // |round(x)|, rounding |x| half up (the same as `rounded()` on x, half away from zero).
    let t = Int64(a)
    let n = UInt64(t &+ (a - Double(t) >= 0.5 ? 1 : 0))
    if n == 0 { return 1 }
    // The sign, then the digits of the whole part n / 1000 (which is ≥ 10^j exactly when
    // n ≥ 10^(j+3)), compared on n itself: up to 3 digits (up to 999.9995 px, nearly every
    // coordinate) without a loop; n < 9e15 stops the loop by limit = 10^16.
    var length = x < 0 ? 2 : 1
    if n >= 10_000 {
      length &+= n >= 100_000 ? 2 : 1
      var limit: UInt64 = 1_000_000
      while n >= limit {
        length &+= 1
        limit &*= 10
      }
    }
    // "." and the digits left once trailing zeros are removed.
    let frac = n % 1000
    if frac == 0 { return length }
    return length &+ (frac % 10 != 0 ? 4 : frac % 100 != 0 ? 3 : 2)
  }

  /// `length(v, decimals:)` with `scale` = 10^`decimals`.
  @inline(__always) private static func length(_ v: Double, decimals: Int, scale: Double) -> Int {
    guard v.isFinite else { return 1 }
    let scaled = (v * scale).rounded()
    guard abs(scaled) < 9e15 else { return String(v).utf8.count }
    var n = Int64(scaled)
    if n == 0 { return 1 }
    let negative = n < 0
    n = abs(n)
    let unit = Int64(scale)
    var whole = n / unit
    var frac = n % unit
    var length = 1
    while whole >= 10 {
      whole /= 10
      length += 1
    }
    if frac > 0 {
      // "." and the digits left once trailing zeros are removed.
      var digits = decimals
      while frac % 10 == 0 {
        frac /= 10
        digits -= 1
      }
      length += 1 + digits
    }
    return negative ? length + 1 : length
  }
}
