import SigbenchCore

/// Where `SVGWriter` puts a document: the text itself (`SVGText`), or only its length in UTF-8
/// bytes (`SVGByteCount`, for the output-size metric: it counts without formatting a number
/// or building a string). The writer emits the same calls into either, so the count is the
/// length of the text by construction.
public protocol SVGSink {
  /// Fixed markup.
  mutating func literal(_ s: StaticString)
  /// Text computed at write time (a colour).
  mutating func text(_ s: String)
  /// A number as `DecimalText` writes it, at most `decimals` digits after the point.
  mutating func number(_ v: Double, decimals: Int)
}

extension SVGSink {
  mutating func number(_ v: Double) { number(v, decimals: 3) }

  /// `x y`.
  mutating func point(_ p: Point) {
    number(p.x)
    literal(" ")
    number(p.y)
  }
}

/// The document as text.
public struct SVGText: SVGSink {
  public private(set) var text = ""
  public init() {}
  public mutating func literal(_ s: StaticString) { text += s.description }
  public mutating func text(_ s: String) { text += s }
  public mutating func number(_ v: Double, decimals: Int) {
    text += DecimalText.format(v, decimals: decimals)
  }
}

/// The document's length in UTF-8 bytes, counted without writing it.
public struct SVGByteCount: SVGSink {
  public private(set) var bytes = 0
  public init() {}
  public mutating func literal(_ s: StaticString) { bytes += s.utf8CodeUnitCount }
  public mutating func text(_ s: String) { bytes += s.utf8.count }
  public mutating func number(_ v: Double, decimals: Int) {
    bytes += DecimalText.length(v, decimals: decimals)
  }
}
