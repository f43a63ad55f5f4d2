import SigbenchCore

/// Derivative-free minimisation over the unit cube: compass search (the simplest generating-set
/// search, as defined in T. G. Kolda, R. M. Lewis and V. Torczon, "Optimization by Direct
/// Search: New Perspectives on Some Classical and Modern Methods", SIAM Review 45(3), 2003,
/// §3.1), polled opportunistically.
///
/// From the start point, each round tries the 2·d points one step away along each axis (in an
/// order drawn from `seed`), clamped into [0, 1]; the first strictly better one becomes the
/// current point and the step stays; when none is better the step halves. It stops when the
/// step falls below `smallestStep` or `budget` evaluations are spent. Points lie on the lattice
/// of multiples of `smallestStep`, and each is evaluated at most once (a cache), so the budget
/// counts distinct points. An objective that returns `nil` (n/a, or a bound broken) is never
/// better than anything.
///
/// Deterministic for a seed and a deterministic objective.
///
/// - Complexity: at most `budget` evaluations; O(d) work besides each.
public struct CompassSearch: Sendable {
  /// Where the search starts, in [0, 1] per dimension.
  public var start: [Double]
  /// Most distinct points evaluated, the start included (≥ 1).
  public var budget: Int
  /// Orders the polls of each round.
  public var seed: UInt64
  /// The first step, as a fraction of each dimension's range.
  public var initialStep = 0.25
  /// The search ends when the step falls below this (the lattice the points lie on).
  public var smallestStep = 1.0 / 64

  public init(start: [Double], budget: Int, seed: UInt64) {
    self.start = start
    self.budget = budget
    self.seed = seed
  }

  /// One improvement on the way: the point, its value, the evaluations spent when it was
  /// reached, and the step that reached it (0 for the start).
  public struct Move: Sendable, Hashable {
    public let point: [Double]
    public let value: Double?
    public let evaluations: Int
    public let step: Double
  }

  public struct Outcome: Sendable {
    /// The best point found and its value (`nil` when nothing had a value).
    public let best: [Double]
    public let value: Double?
    /// Distinct points evaluated.
    public let evaluations: Int
    /// The start, then every move to a better point.
    public let path: [Move]
    /// Why it stopped: "converged" (step below the smallest) or "budget".
    public let stop: String
  }

  /// Minimises `objective` (called with a point in [0, 1]^d).
  public func minimise(_ objective: ([Double]) throws -> Double?) rethrows -> Outcome {
    let lattice = (1 / smallestStep).rounded()
    func snap(_ p: [Double]) -> [Double] {
      p.map { (min(1, max(0, $0)) * lattice).rounded() / lattice }
    }
    var cache: [[Double]: Double?] = [:]
    var rng = SplitMix64(seed: seed)
    var x = snap(start)
    let first = try objective(x)
    cache[x] = first
    var fx = first
    var path = [Move(point: x, value: fx, evaluations: 1, step: 0)]
    var step = initialStep
    func better(_ a: Double?, than b: Double?) -> Bool {
      guard let a else { return false }
      guard let b else { return true }
      return a < b
    }
    while step >= smallestStep {
      var directions = (0..<x.count).flatMap { [($0, 1.0), ($0, -1.0)] }
      directions.shuffle(using: &rng)
      var moved = false
      for (axis, sign) in directions {
        var y = x
        y[axis] += sign * step
        y = snap(y)
        guard y != x else { continue }
        let fy: Double?
        if let known = cache[y] {
          fy = known
        } else {
          guard cache.count < budget else {
            return Outcome(best: x, value: fx, evaluations: cache.count, path: path, stop: "budget")
          }
          fy = try objective(y)
          cache[y] = fy
        }
        if better(fy, than: fx) {
          x = y
          fx = fy
          path.append(Move(point: x, value: fx, evaluations: cache.count, step: step))
          moved = true
          break
        }
      }
      if !moved { step /= 2 }
    }
    return Outcome(best: x, value: fx, evaluations: cache.count, path: path, stop: "converged")
  }
}
