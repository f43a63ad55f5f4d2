import SigbenchCore

/// Outline stage: turns each `CurveShape` into the centreline segment plus the fill geometry
/// the renderer draws.
///
/// - `round`: a constant-or-linearly-varying-width band around the centreline with round caps
///   and joins (`RoundOutline`); fill only.
/// - `rungs`: UberSignature's outline from perpendicular rungs with flat ends, painted with
///   the 1 px stroke over the non-zero fill, so the visible width is the weight + 1
///   (`RungOutline`).
public enum OutlineStyle: String, Sendable, CaseIterable {
  case round
  case rungs

  /// Appends `shape`'s centreline and fill to `ink`. `startCap` asks the round style for a cap
  /// at the shape's start (the first piece of a stroke); later pieces share the previous
  /// piece's end cap. The rung style has flat ends and ignores it.
  ///
  /// `shape` is in stroke-local coordinates (relative to `origin`, the stroke's first accepted
  /// sample); everything is computed there and moved by `origin` as the last step. Under an
  /// exact translation of the input the local coordinates are bit-identical, so the output
  /// moves by exactly the offset up to one rounding of the final addition, and precision does
  /// not depend on where the stroke lies on the canvas.
  ///
  /// - Complexity: O(1); appends one centreline piece and, for `round`, one band and at most
  ///   two discs, for `rungs` at most five outline elements.
  @inline(__always) public func write(
    _ shape: CurveShape, startCap: Bool, origin: Point, into ink: inout InkGeometry
  ) {
    let centerline = shape.centerline
    if let segment = centerline { ink.append(segment.translated(by: origin)) }
    switch self {
    case .round:
      RoundOutline.write(
        shape, centerline: centerline, startCap: startCap, origin: origin, into: &ink)
    case .rungs:
      RungOutline.write(shape, origin: origin, into: &ink)
    }
  }

  /// `write(_:startCap:origin:into:)` for the `rungs` style with the rung pairs of the shape's
  /// edges already computed (`RungOutline.Edges`): the same centreline and outline.
  @inline(__always) public static func writeRungs(
    _ shape: CurveShape, edges: RungOutline.Edges, origin: Point, into ink: inout InkGeometry
  ) {
    if let segment = shape.centerline { ink.append(segment.translated(by: origin)) }
    RungOutline.write(shape, edges: edges, origin: origin, into: &ink)
  }

  /// `write(.cubic(a, c1, c2, b), …)`, the piece every push of a cubic curve model writes, with
  /// the shape's case known where the outline is chosen. The `rungs` style is a call, which
  /// keeps the `round` style small enough to be inlined into the caller.
  @inline(__always) public func writeCubic(
    _ a: WeightedPoint, _ c1: WeightedPoint, _ c2: WeightedPoint, _ b: WeightedPoint,
    startCap: Bool, origin: Point, into ink: inout InkGeometry
  ) {
    let shape = CurveShape.cubic(a, c1, c2, b)
    switch self {
    case .round:
      let centerline = shape.centerline
      if let segment = centerline { ink.append(segment.translated(by: origin)) }
      RoundOutline.write(
        shape, centerline: centerline, startCap: startCap, origin: origin, into: &ink)
    case .rungs:
      writeCalled(shape, startCap: startCap, origin: origin, into: &ink)
    }
  }

  /// `write(_:startCap:origin:into:)` as a call.
  @inline(never) func writeCalled(
    _ shape: CurveShape, startCap: Bool, origin: Point, into ink: inout InkGeometry
  ) {
    write(shape, startCap: startCap, origin: origin, into: &ink)
  }

  /// Width of the stroke the renderer adds over every outline subpath: 0 for `round`, Uber's
  /// 1 px for `rungs`.
  public var paintStrokeWidth: Double {
    self == .rungs ? UberConstants.paintStrokeWidth : 0
  }

  /// Stamps this style's paint on both parts of `output`. Strategies call it on every push and
  /// finish, so a caller reusing one `StrokeOutput` across strategies never inherits another
  /// strategy's stroke width (`InkGeometry.removeAll()` keeps it).
  @inline(__always) public func preparePaint(_ output: inout StrokeOutput) {
    output.stable.outlineStrokeWidth = paintStrokeWidth
    output.tentative.outlineStrokeWidth = paintStrokeWidth
  }

  /// The option declaration, with a preset's default.
  public static func parameter(default style: OutlineStyle) -> ParameterInfo {
    .choice(
      "outline", allCases.map(\.rawValue), default: style.rawValue,
      help: "Outline: round caps and joins, or Uber's rung outline (flat ends, +1 px stroke).")
  }

  /// Reads the option.
  public init(_ c: StrategyConfiguration) throws(StrategyError) {
    guard let s = OutlineStyle(rawValue: c.choice("outline")) else {
      throw .invalidOption(
        strategy: c.strategyID, option: "outline",
        rule: "one of: \(Self.allCases.map(\.rawValue).joined(separator: ", "))",
        value: c.choice("outline"))
    }
    self = s
  }
}
