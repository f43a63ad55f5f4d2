import SigbenchCore

/// One planned callgrind dump of a counter worker: which strategy × lane it measured and over
/// how many points.
public struct CounterPlan: Codable, Hashable, Sendable {
  public var index: Int
  public var strategy: String
  public var strategyID: String
  public var lane: BenchLane
  public var points: Int
  public var steadyPoints: Int
  public var strokes: Int
  public var injectedSpins: UInt64

  public init(
    index: Int, strategy: String, strategyID: String, lane: BenchLane, points: Int,
    steadyPoints: Int, strokes: Int, injectedSpins: UInt64
  ) {
    self.index = index
    self.strategy = strategy
    self.strategyID = strategyID
    self.lane = lane
    self.points = points
    self.steadyPoints = steadyPoints
    self.strokes = strokes
    self.injectedSpins = injectedSpins
  }
}
