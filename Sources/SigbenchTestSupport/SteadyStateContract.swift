import CAllocCounter
import SigbenchContract
import SigbenchCore

/// The cost half of the strategy contract, for incremental strategies
/// (`StrategyCost.incremental`): once a stroke is under way, a push allocates nothing and its
/// output does not grow with the stroke.
///
/// - No allocation: the pushes after `warmUp` of a long stroke are counted by the test
///   executable's allocator (`CAllocCounter`) and must allocate nothing, with one
///   `StrokeOutput` reused across pushes as a capture UI reuses it. Fixed-size state cannot
///   grow without allocating, so this also checks that the state is bounded.
/// - Bounded output: `BoundedOutput`'s rule, on the same pushes.
///
/// Whole-stroke ports and offline simplifiers are declared as such and exempt; the suite checks
/// the declaration (`checkDeclaredCost`).
public enum SteadyStateContract {
  /// True when heap allocations can be counted in this process.
  public static var canCountAllocations: Bool { alloc_counter_active() != 0 }

  /// Pushes of `samples` through a fresh instance; failures in words, empty when both rules
  /// hold.
  public static func check(
    _ strategy: ConfiguredStrategy, _ samples: [Sample], warmUp: Int = 200
  ) -> [String] {
    precondition(samples.count >= 2 * warmUp + 100, "the stroke must be long")
    var instance = strategy.makeInstance()
    let measured = drive(&instance, samples, warmUp: warmUp)
    var f: [String] = []
    if measured.allocations > 0 {
      f.append(
        "\(strategy.label): \(measured.allocations) heap allocations in "
          + "\(samples.count - warmUp) steady-state pushes")
    }
    if let growth = BoundedOutput.failure(
      label: strategy.label, firstHalfMax: measured.firstHalfMax,
      secondHalfMax: measured.secondHalfMax)
    {
      f.append(growth)
    }
    return f
  }

  /// Allocations counted after the warm-up and the largest output per push in each half.
  static func drive<S: SmoothingStrategy>(_ s: inout S, _ samples: [Sample], warmUp: Int) -> (
    allocations: UInt64, firstHalfMax: Int, secondHalfMax: Int
  ) {
    var output = StrokeOutput(reservingSegments: 4096, elements: 65_536, discs: 4096)
    let half = (warmUp + samples.count) / 2
    var firstMax = 0
    var secondMax = 0
    var allocations: UInt64 = 0
    samples.withUnsafeBufferPointer { input in
      for i in 0..<input.count {
        if i == warmUp { alloc_counter_start() }
        s.push(input[i], into: &output)
        guard i >= warmUp else { continue }
        let size = BoundedOutput.items(output)
        if i < half { firstMax = max(firstMax, size) } else { secondMax = max(secondMax, size) }
      }
      allocations = alloc_counter_stop()
    }
    return (allocations, firstMax, secondMax)
  }

  /// A long stroke for the check (`StrokeGenerator.longStroke`).
  public static func longStroke(count: Int = 2_000, seed: UInt64) -> [Sample] {
    StrokeGenerator.longStroke(count: count, seed: seed)
  }
}
