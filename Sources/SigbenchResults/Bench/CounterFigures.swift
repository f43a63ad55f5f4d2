/// Deterministic counters of one strategy × lane from a callgrind run.
///
/// A counter that could not be measured is `nil` and shown as "unavailable", never 0.
public struct CounterFigures: Codable, Hashable, Sendable {
  public var strategy: String
  public var strategyID: String
  public var lane: BenchLane
  /// Pushes inside the collected window (a stated subset: the corpus's first points in order).
  public var points: Int
  /// Pushes at index ≥ `startPoints` of their stroke (the steady-state window).
  public var steadyPoints: Int
  public var strokes: Int
  /// Instructions (callgrind's Ir) per pushed point, every push of the subset, loop included.
  public var instructionsPerPoint: Double?
  /// Instructions per pushed point, steady state only.
  public var steadyInstructionsPerPoint: Double?
  /// Heap allocations (calls of malloc, calloc, realloc, posix_memalign, aligned_alloc,
  /// memalign) per pushed point, every push of the subset.
  public var allocationsPerPoint: Double?
  /// Heap allocations in the steady-state window, a count (the gate's "any new steady-state
  /// allocation" rule compares this count on the same subset).
  public var steadyAllocations: Int?
  /// Calls of the Swift runtime's `swift_allocObject` / `swift_slowAlloc` per pushed point
  /// (each ends in one of the heap calls above; shown for diagnosis, not added to them).
  public var swiftAllocObjectPerPoint: Double?
  public var swiftSlowAllocPerPoint: Double?
  /// Instructions per `finish` (end of stroke), raster update included in that lane.
  public var instructionsPerFinish: Double?
  /// Spin rounds injected per push by the test-only knob (0 when inactive).
  public var injectedSpins: UInt64
  /// Why the counters are missing, when they are.
  public var unavailableReason: String?
  /// How far instructions per point moved across the memory layouts the worker was counted at
  /// (`CounterRunInfo.layouts`): (max − min) / mean, a fraction; nil for one layout. The
  /// instruction figures above are the mean over those layouts.
  public var layoutSpread: Double?

  public init(
    strategy: String, strategyID: String, lane: BenchLane, points: Int, steadyPoints: Int,
    strokes: Int, injectedSpins: UInt64
  ) {
    self.strategy = strategy
    self.strategyID = strategyID
    self.lane = lane
    self.points = points
    self.steadyPoints = steadyPoints
    self.strokes = strokes
    self.injectedSpins = injectedSpins
  }

  /// The same entry with every counter unavailable for `reason`.
  public func unavailable(_ reason: String) -> CounterFigures {
    var c = CounterFigures(
      strategy: strategy, strategyID: strategyID, lane: lane, points: points,
      steadyPoints: steadyPoints, strokes: strokes, injectedSpins: injectedSpins)
    c.unavailableReason = reason
    return c
  }
}

/// How a counter run was made, kept with its figures (the subset is part of the workload).
public struct CounterRunInfo: Codable, Hashable, Sendable {
  /// "callgrind" when measured.
  public var tool: String
  /// The valgrind command line used (program arguments elided).
  public var command: String
  /// The first this many points of the corpus (in order), per lane.
  public var subsetPoints: [String: Int]
  public var startPoints: Int
  /// Why counters are unavailable, when they are.
  public var unavailableReason: String?
  /// The memory layouts the counter worker ran at: the length in bytes of the padding variable
  /// `SIGBENCH_LAYOUT` in its environment for each run (each length moves the initial stack).
  /// nil in files written before layouts were swept (one run).
  public var layouts: [Int]?

  public init(
    tool: String, command: String, subsetPoints: [String: Int], startPoints: Int,
    unavailableReason: String?
  ) {
    self.tool = tool
    self.command = command
    self.subsetPoints = subsetPoints
    self.startPoints = startPoints
    self.unavailableReason = unavailableReason
  }
}
