import SigbenchCore

/// The stages every named strategy shares, resolved from one configuration: input filter →
/// (the strategy's own curve model) → width model → outline, so peers and their combinations
/// are all expressible as a choice per stage.
///
/// A named strategy is a curve model plus preset defaults for these stages; any option can
/// recombine them, e.g. `catmull-rom(width=uber-distance)` or `midpoint-quadratic(width=pressure)`.
public struct StageSettings: Sendable {
  /// Input filter: mode, distance (px) and 1€ constants.
  public var filter: InputFilter.Settings
  public var width: WidthModel
  public var outline: OutlineStyle

  /// Input filter distance, px.
  public var minDistance: Double {
    get { filter.minDistance }
    set { filter.minDistance = newValue }
  }

  public init(filter: InputFilter.Settings, width: WidthModel, outline: OutlineStyle) {
    self.filter = filter
    self.width = width
    self.outline = outline
  }

  public init(minDistance: Double, width: WidthModel, outline: OutlineStyle) {
    self.init(
      filter: InputFilter.Settings(minDistance: minDistance), width: width, outline: outline)
  }

  /// Reads the shared stage options.
  public init(_ c: StrategyConfiguration) throws(StrategyError) {
    self.init(
      filter: try InputFilter.Settings(c), width: try WidthModel(c), outline: try OutlineStyle(c))
  }

  /// The shared option declarations with a preset's defaults, in display order: filter, width
  /// model, outline.
  public static func parameters(
    filter: [ParameterInfo], width: WidthModel.Kind, size: Double, outline: OutlineStyle
  ) -> [ParameterInfo] {
    filter + WidthModel.parameters(default: width, size: size)
      + [OutlineStyle.parameter(default: outline)]
  }
}
