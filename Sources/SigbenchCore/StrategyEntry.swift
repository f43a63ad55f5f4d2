/// A catalog entry: one strategy type, erased so catalogs can list and configure it.
public struct StrategyEntry: Sendable {
  public let descriptor: StrategyDescriptor
  private let configureBody: @Sendable (StrategyConfiguration) throws -> ConfiguredStrategy

  /// The entry for strategy type `S`.
  public static func of<S: SmoothingStrategy>(_ type: S.Type) -> StrategyEntry {
    StrategyEntry(
      descriptor: S.descriptor,
      configureBody: { configuration in
        let settings = try S.settings(from: configuration)
        return ConfiguredStrategy(configuration: configuration) { S(settings: settings) }
      })
  }

  /// An entry whose configurations are made by `configureBody` from validated options (an
  /// external strategy, whose instances are not one Swift type's).
  public init(
    descriptor: StrategyDescriptor,
    configureBody: @escaping @Sendable (StrategyConfiguration) throws -> ConfiguredStrategy
  ) {
    self.descriptor = descriptor
    self.configureBody = configureBody
  }

  /// The same entry, its configurations attributed to `origin` (a package's strategies).
  public func attributed(to origin: StrategyOrigin) -> StrategyEntry {
    let body = configureBody
    return StrategyEntry(descriptor: descriptor) { try body($0).attributed(to: origin) }
  }

  /// Validates `spec`'s options and returns a factory of fresh instances.
  public func configure(_ spec: StrategySpec) throws -> ConfiguredStrategy {
    let configuration = try StrategyConfiguration(
      descriptor: descriptor, options: spec.options.map { ($0.name, $0.value) })
    return try configureBody(configuration)
  }
}

/// A strategy with validated options: makes one fresh instance per stroke.
public struct ConfiguredStrategy: Sendable {
  public let configuration: StrategyConfiguration
  /// Built in, or an external strategy's manifest and digests.
  public let origin: StrategyOrigin
  private let factory: @Sendable () -> any SmoothingStrategy
  private let callFailures: (any StrategyCallFailures)?

  /// `failures`: where the instances record failures their calls cannot return (an external
  /// strategy's process); `nil` for a strategy whose calls cannot fail. `timedInProcess`:
  /// whether its pushes run in this process, so the in-process lanes and the counters can
  /// time and count them (false for a strategy whose calls cross a process boundary).
  public init(
    configuration: StrategyConfiguration, origin: StrategyOrigin = .builtIn,
    failures: (any StrategyCallFailures)? = nil, timedInProcess: Bool = true,
    factory: @escaping @Sendable () -> any SmoothingStrategy
  ) {
    self.configuration = configuration
    self.origin = origin
    self.callFailures = failures
    self.timedInProcess = timedInProcess
    self.factory = factory
  }

  /// The same strategy, attributed to `origin`.
  public func attributed(to origin: StrategyOrigin) -> ConfiguredStrategy {
    ConfiguredStrategy(
      configuration: configuration, origin: origin, failures: callFailures,
      timedInProcess: timedInProcess, factory: factory)
  }

  /// Its pushes run in this process (a built-in, or a library loaded here in a worker
  /// process): the in-process lanes time it and the counters count it. False for a process
  /// strategy, and for a library served by a worker process.
  public let timedInProcess: Bool

  /// A library strategy: its code is timed in the in-process lanes, always in a worker
  /// process (where it is loaded, `timedInProcess`) and never in the main one.
  public var isLibrary: Bool { origin.external?.kind == "library" }

  /// True for a strategy declared by a manifest outside sigbench.
  public var isExternal: Bool { origin.external != nil }

  /// Runs `body` (replays of this strategy on this thread) and throws the first call failure
  /// its instances met meanwhile (`StrategyCallFailures`); a built-in's calls cannot fail, so
  /// for one this is `body()`.
  public func watchingCalls<T>(_ body: () throws -> T) throws -> T {
    guard let callFailures else { return try body() }
    return try callFailures.watch(body)
  }

  /// Canonical label: id plus non-default options, sorted (`catmull-rom(width=pressure)`).
  public var label: String { configuration.label }
  /// The strategy's id.
  public var id: String { configuration.strategyID }
  /// How its cost per push grows with the stroke.
  public var cost: StrategyCost { configuration.cost }

  /// A fresh instance for one stroke.
  public func makeInstance() -> any SmoothingStrategy { factory() }

  /// Batch smoothing of one stroke through a fresh instance: push all, then finish.
  public func smooth(_ samples: [Sample]) -> InkGeometry {
    ink(after: samples, finish: true).stable
  }

  /// Replays `samples` through a fresh instance (`StrokeReplay.run` with a new `StrokeOutput`),
  /// calling `onStep` after every push and after the finish (none when `finish` is false).
  public func replay(
    _ samples: [Sample], finish: Bool = true,
    onStep: (ReplayStep, StrokeOutput) throws -> Void
  ) rethrows {
    var instance = makeInstance()
    var output = StrokeOutput()
    try StrokeReplay.run(&instance, samples, finish: finish, output: &output, onStep: onStep)
  }

  /// The ink of a fresh instance after `samples`: every stable part concatenated, and the
  /// tentative tail of the last call. With `finish: false` this is the picture a capture view
  /// shows while the pen is still down after the last of `samples`.
  public func ink(after samples: [Sample], finish: Bool)
    -> (stable: InkGeometry, tentative: InkGeometry)
  {
    var instance = makeInstance()
    return StrokeReplay.ink(&instance, samples, finish: finish)
  }
}
