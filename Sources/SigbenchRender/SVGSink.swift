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
  /// `x y` (3 decimals each).
  mutating func point(_ p: Point)
}

extension SVGSink {
  @inline(__always) mutating func number(_ v: Double) { number(v, decimals: 3) }

  /// `x y`.
  @inline(__always) public mutating func point(_ p: Point) {
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
  @inline(__always) public mutating func literal(_ s: StaticString) {
    bytes += s.utf8CodeUnitCount
  }
  public mutating func text(_ s: String) { bytes += s.utf8.count }
  @inline(__always) public mutating func number(_ v: Double, decimals: Int) {
    bytes += DecimalText.length(v, decimals: decimals)
  }
  /// The length of `x y` (the default `point`: two numbers and a 1-byte space), with the
  /// 3-decimal count inlined.
  @inline(__always) public mutating func point(_ p: Point) {
    bytes &+= DecimalText.length3(p.x) &+ 1 &+ DecimalText.length3(p.y)
  }
}
