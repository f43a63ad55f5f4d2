/// One strategy spec with its swept options (`catmull-rom(alpha=0|0.5|1,size=1..3:1)`) expanded
/// into a grid of ordinary specs, one per configuration.
///
/// Order: the first swept option written varies slowest, the last fastest (nested loops in
/// the order written). Each point's spec holds every option as written, the swept ones at
/// that point's value in canonical text, so its configuration's label prints them in shortest
/// round-trip form.
///
/// Rules, checked before any work (`StrategyError.invalidSweep` or `.invalidOption`):
/// - a grid larger than `cap` is refused, naming its size;
/// - every value is validated against the option's declaration, naming it;
/// - a choice option takes a list only; a whole-number option a whole start and step;
/// - a value given twice in a list is refused (two labels, one ink);
/// - a swept option without effect at some point (`ParameterInfo.activeWhen`: `filter-beta`
///   without `filter=one-euro`) is refused, so a sweep never draws identical inks under
///   different labels;
/// - points breaking an order constraint that involves a swept option (`min-width` ≤
///   `max-width`) are skipped, counted and listed; all of them skipped is refused.
///
/// - Complexity: O(grid size × options).
public struct SweepGrid: Sendable {
  /// The spec as written.
  public let spec: StrategySpec
  /// The swept options in the order written, each with its values in canonical text.
  public let swept: [SweptOption]
  /// Every point that meets the constraints, in grid order.
  public let points: [StrategySpec]
  /// Points left out because they break an order constraint: the point and why.
  public let skipped: [(spec: String, reason: String)]

  /// One swept option and its values.
  public struct SweptOption: Sendable, Hashable {
    public let name: String
    public let values: [String]
  }

  /// Points before skipping: the product of the value counts.
  public var size: Int { swept.reduce(1) { $0 * $1.values.count } }

  /// True when some option is swept.
  public var isSweep: Bool { !swept.isEmpty }

  /// The default cap on a grid's size, and the most `--max-configs` allows.
  public static let defaultCap = 64
  public static let largestCap = 1024

  /// Expands `spec` (of the strategy `descriptor` describes) into its grid.
  public init(_ spec: StrategySpec, descriptor: StrategyDescriptor, cap: Int = defaultCap)
    throws(StrategyError)
  {
    self.spec = spec
    func refuse(_ option: String?, _ message: String) -> StrategyError {
      .invalidSweep(spec: spec.text, option: option, message: message)
    }
    // The values of each swept option, validated; their counts first, so the cap comes first.
    var plans: [(info: ParameterInfo, values: SweepValues)] = []
    for o in spec.options {
      let values = SweepValues(o.value)
      guard values.isSweep else { continue }
      guard let info = descriptor.parameter(named: o.name) else {
        throw .unknownOption(
          strategy: descriptor.id, option: o.name,
          suggestion: closestMatch(to: o.name, in: descriptor.parameters.map(\.name)),
          known: descriptor.parameters.map(\.name))
      }
      plans.append((info, values))
    }
    var counts: [Int] = []
    var ranges: [String: (start: Double, step: Double, count: Int)] = [:]
    for (info, values) in plans {
      switch values {
      case .single: break
      case .list(let items): counts.append(items.count)
      case .range(let start, let end, let step):
        let integer: Bool
        switch info.domain {
        case .choice: throw refuse(info.name, "a choice option takes a list (a|b), not a range")
        case .integer: integer = true
        case .number: integer = false
        }
        switch SweepValues.rangeCount(start: start, end: end, step: step, integer: integer) {
        case .failure(let p): throw refuse(info.name, p.message)
        case .success(let r):
          ranges[info.name] = r
          counts.append(r.count)
        }
      }
    }
    let size = counts.reduce(1) {
      $0.multipliedReportingOverflow(by: $1).overflow ? Int.max : $0 * $1
    }
    guard size <= cap else {
      throw refuse(
        nil,
        "the grid has \(size) configurations, over the cap of \(cap) (--max-configs N, up to "
          + "\(Self.largestCap))")
    }
    var swept: [SweptOption] = []
    for (info, values) in plans {
      var texts: [String] = []
      switch values {
      case .single: continue
      case .list(let items):
        for item in items {
          guard !item.isEmpty else { throw refuse(info.name, "the list has an empty value") }
          texts.append(try info.parse(item, strategy: descriptor.id).description)
        }
      case .range(let start, _, let step):
        let r = ranges[info.name]!
        for i in 0..<r.count {
          let v = SweepValues.rangeValue(i, start: start, step: step, a: r.start, s: r.step)
          texts.append(
            try info.parse(ParameterValue.format(v), strategy: descriptor.id).description)
        }
      }
      if let twice = Self.firstRepeat(texts) {
        throw refuse(info.name, "the value \(twice) is given twice")
      }
      swept.append(SweptOption(name: info.name, values: texts))
    }
    self.swept = swept
    let sweptNames = Set(swept.map(\.name))
    var points: [StrategySpec] = []
    var skipped: [(spec: String, reason: String)] = []
    for index in 0..<(swept.isEmpty ? 1 : size) {
      let point = Self.point(index, of: spec, swept: swept)
      try Self.checkActive(point, sweptNames, descriptor, refuse)
      if let reason = Self.brokenOrder(point, sweptNames, descriptor) {
        skipped.append((point.text, reason))
        continue
      }
      _ = try StrategyConfiguration(
        descriptor: descriptor, options: point.options.map { ($0.name, $0.value) })
      points.append(point)
    }
    guard !points.isEmpty else {
      throw refuse(
        nil,
        "all \(size) configurations break a constraint (\(skipped.first?.reason ?? "")); "
          + "nothing to run")
    }
    self.points = points
    self.skipped = skipped
  }

  /// Grid point `index` (mixed radix over the swept options, the last the fastest).
  static func point(_ index: Int, of spec: StrategySpec, swept: [SweptOption]) -> StrategySpec {
    var rest = index
    var chosen: [String: String] = [:]
    for o in swept.reversed() {
      chosen[o.name] = o.values[rest % o.values.count]
      rest /= o.values.count
    }
    return StrategySpec(
      id: spec.id,
      options: spec.options.map {
        StrategySpec.Option(name: $0.name, value: chosen[$0.name] ?? $0.value)
      })
  }

  /// Refuses a swept option without effect at `point`.
  static func checkActive(
    _ point: StrategySpec, _ swept: Set<String>, _ descriptor: StrategyDescriptor,
    _ refuse: (String?, String) -> StrategyError
  ) throws(StrategyError) {
    for name in swept.sorted() {
      guard let why = descriptor.inertReason(name, at: point) else { continue }
      throw refuse(
        name, why + ", or sweep \(descriptor.parameter(named: name)!.activeWhen!.option) without it"
      )
    }
  }

  /// Why `point` breaks an order constraint that involves a swept option, if it does.
  static func brokenOrder(
    _ point: StrategySpec, _ swept: Set<String>, _ descriptor: StrategyDescriptor
  ) -> String? {
    for (low, high) in descriptor.orderedPairs where swept.contains(low) || swept.contains(high) {
      guard let lo = descriptor.value(low, at: point).flatMap(Double.init),
        let hi = descriptor.value(high, at: point).flatMap(Double.init), hi < lo
      else { continue }
      return "\(high) (\(ParameterValue.format(hi))) is below \(low) (\(ParameterValue.format(lo)))"
    }
    return nil
  }

  static func firstRepeat(_ texts: [String]) -> String? {
    var seen: Set<String> = []
    return texts.first { !seen.insert($0).inserted }
  }
}
