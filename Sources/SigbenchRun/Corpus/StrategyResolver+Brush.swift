import SigbenchCore
import SigbenchRender
import SigbenchStrategies

extension StrategyResolver {
  /// `spec` with `brush`'s width as its `size` (the constant width model's full width, CSS px)
  /// when the strategy has that option and the spec leaves it unset.
  public static func applying(_ brush: Brush?, to spec: StrategySpec) throws -> StrategySpec {
    guard let brush, !spec.options.contains(where: { $0.name == "size" }) else { return spec }
    let entry = try StrategyCatalog.entry(spec.id)
    guard entry.descriptor.parameters.contains(where: { $0.name == "size" }) else { return spec }
    var s = spec
    s.options.append(.init(name: "size", value: ParameterValue.format(brush.width)))
    return s
  }

  /// A comma-separated list of specs, configured with `brush` applied to each; a label given
  /// twice is kept once.
  public static func resolve(_ text: String, brush: Brush?) throws -> [ConfiguredStrategy] {
    var seen: Set<String> = []
    var out: [ConfiguredStrategy] = []
    for spec in try StrategySpec.parseList(text) {
      let c = try StrategyCatalog.configure(try applying(brush, to: spec))
      if seen.insert(c.label).inserted { out.append(c) }
    }
    return out
  }
}
