import SigbenchCore

/// One stroke of an external strategy as a `SmoothingStrategy` instance: the pipeline, the
/// quality traces, the pictures and the contract checks drive it like a built-in.
///
/// The first call leases a process from the runtime (configure when its configuration is not
/// the one in force, then `begin`); `finish` returns it. A failed call is recorded with the
/// runtime (`StrategyCallFailures`) and ends the stroke: later calls write nothing, and later
/// strokes in the same watched replay are not drawn. A stroke dropped before its finish gives
/// its process back too (its next `begin` starts afresh).
///
/// - Complexity: one request and one reply per call; each allocates (JSON), so external
///   strategies are never timed in the in-process lanes.
struct ExternalStrokeInstance: SmoothingStrategy, ReportsOwnTime {
  struct Settings: Sendable {
    let runtime: ExternalStrategyRuntime
    let configuration: StrategyConfiguration
  }

  /// Not a catalog type: each external strategy's own descriptor comes from its manifest
  /// (`ExternalStrategyEntry`). This one only satisfies the protocol.
  static let descriptor = StrategyDescriptor(
    id: "external", summary: "A stroke of an external strategy (its manifest describes it).",
    details: "", parameters: [])

  static func settings(from configuration: StrategyConfiguration) throws -> Settings {
    throw StrategyError.unknownStrategy(
      id: configuration.strategyID, suggestion: nil, known: [])
  }

  private let stroke: Stroke

  init(settings: Settings) { stroke = Stroke(settings) }

  var reportedNanoseconds: Int { stroke.nanoseconds }

  mutating func process(_ sample: Sample, into output: inout StrokeOutput) {
    stroke.call(output: &output) { (s, out) throws(ExternalProcess.Failure) in
      try s.push(sample, into: &out)
    }
  }

  mutating func complete(into output: inout StrokeOutput) {
    stroke.call(output: &output) { (s, out) throws(ExternalProcess.Failure) in
      try s.finish(into: &out)
    }
    if !stroke.failed { stroke.settings.runtime.completed(stroke.settings.configuration.label) }
    stroke.giveBack()
    // Reused after its finish, the instance starts afresh, as a built-in's does.
    stroke.failed = false
  }

  /// The leased process and the stroke's state (a class: the instance is copied freely).
  final class Stroke {
    let settings: Settings
    var session: ExternalSession?
    var failed = false
    var nanoseconds = 0

    init(_ settings: Settings) { self.settings = settings }

    deinit { giveBack() }

    func call(
      output: inout StrokeOutput,
      _ body: (ExternalSession, inout StrokeOutput) throws(ExternalProcess.Failure) -> Int
    ) {
      guard !failed else { return }
      // The watched replay (a cell) already failed on an earlier stroke: this one is not
      // drawn, and the cell's failure stays the first one's.
      if session == nil && settings.runtime.watchHasFailed() {
        failed = true
        output.clear()
        return
      }
      do {
        if session == nil {
          let s = try settings.runtime.lease(for: settings.configuration.label)
          session = s
          try s.configure(settings.configuration)
          try s.begin()
        }
        nanoseconds = try body(session!, &output)
      } catch {
        failed = true
        output.clear()
        settings.runtime.record(error, label: settings.configuration.label)
        giveBack()
      }
    }

    func giveBack() {
      if let s = session { settings.runtime.release(s) }
      session = nil
    }
  }
}
