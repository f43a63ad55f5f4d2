/// An external strategy's latency per call, in a lane of its own: never ranked, pooled or
/// gated with the in-process lanes (`smooth`, `smooth+raster`), whose figures time the push
/// alone.
public struct ExternalLatencyFigures: Codable, Hashable, Sendable {
  /// What a figure times.
  public enum Lane: String, Codable, Hashable, Sendable, CaseIterable {
    /// The program's own monotonic clock around its own push, as it reports it (`ns` of each
    /// reply): what the algorithm costs in its language.
    case selfTimed = "self-timed"
    /// sigbench's clock around one request and its reply: the push as a caller across the
    /// process boundary pays it (encoding, two pipe transfers, the program's parsing and
    /// writing, decoding and checking the reply).
    case roundTrip = "round-trip"
  }

  /// The strategy's label.
  public var strategy: String
  public var lane: Lane
  /// Per push, nanoseconds (`nil` when nothing could be timed; `unavailableReason` says why).
  public var push: LatencySummary?
  /// Per finish, nanoseconds.
  public var finish: LatencySummary?
  /// Strokes and processes the figures come from.
  public var strokes: Int
  public var processes: Int
  /// Why the lane has no figures (the strategy failed while timed).
  public var unavailableReason: String?

  public init(
    strategy: String, lane: Lane, push: LatencySummary?, finish: LatencySummary?, strokes: Int,
    processes: Int, unavailableReason: String? = nil
  ) {
    self.strategy = strategy
    self.lane = lane
    self.push = push
    self.finish = finish
    self.strokes = strokes
    self.processes = processes
    self.unavailableReason = unavailableReason
  }
}
