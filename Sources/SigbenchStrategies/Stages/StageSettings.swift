import SigbenchCore

/// The stages every named strategy shares, resolved from one configuration: input filter →
/// (the strategy's own curve model) → width model → outline, so peers and their combinations
/// are all expressible as a choice per stage.
///
/// A named strategy is a curve model plus preset defaults for these stages; any option can
/// recombine them, e.g. `catmull-rom(width=uber-distance)` or `midpoint-quadratic(width=pressure)`.
public struct StageSettings: Sendable {
  /// Input filter distance, px.
  public var minDistance: Double
  public var width: WidthModel
  public var outline: OutlineStyle

  public init(minDistance: Double, width: WidthModel, outline: OutlineStyle) {
    self.minDistance = minDistance
    self.width = width
    self.outline = outline
  }

  /// Reads the shared stage options.
  public init(_ c: StrategyConfiguration) throws(StrategyError) {
    self.init(
      minDistance: c.number("min-distance"), width: try WidthModel(c), outline: try OutlineStyle(c))
  }

  /// The shared option declarations with a preset's defaults, in display order: filter, width
  /// model, outline.
  public static func parameters(
    minDistance: ParameterInfo, width: WidthModel.Kind, size: Double, outline: OutlineStyle
  ) -> [ParameterInfo] {
    [minDistance] + WidthModel.parameters(default: width, size: size)
      + [OutlineStyle.parameter(default: outline)]
  }
}
