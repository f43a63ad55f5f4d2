/// Which corpus points the timing phase timed, and by what rule (`bench.json`, `timingSample`).
///
/// Up to `budget` points every stroke of the corpus is timed. Above it, whole strokes are
/// taken at a fixed stride in corpus order: the first stroke, then every `strokeStride`-th
/// after it (strokes numbered over the whole corpus, drawings without ink left out), with
/// `strokeStride` the smallest stride at least ⌈points ÷ budget⌉ whose strokes total at most
/// `budget` points (only the first stroke when no stride fits, and only its first `budget`
/// points when it alone is longer: `cutAt`, so no timing phase grows past the budget, however
/// long one stroke is — a whole-stroke-per-push strategy costs O(n²) on it). Whole strokes keep every start
/// point and every position in the stroke represented; the stride spreads them over the whole
/// corpus; the choice is the same on every run of the same corpus. Every strategy × lane times
/// the same strokes, so ratios to the reference compare like with like.
///
/// The budget bounds the timing phase (time and memory) whatever the corpus size: `Corpus/`
/// (37,917 points) and `../shared/corpus` (41,154) are timed whole under the default.
public struct TimingSample: Codable, Hashable, Sendable {
  /// Default budget, points per strategy × lane and timed pass.
  public static let defaultBudget = 65_536
  /// Allowed budgets (`--timed-points`).
  public static let budgetRange = 100...100_000_000

  /// Points per strategy × lane and timed pass above which strokes are sampled.
  public var budget: Int
  /// Ink points (strokes) of the corpus.
  public var pointsAvailable: Int
  public var strokesAvailable: Int
  /// Ink points (strokes) timed per strategy × lane and timed pass.
  public var pointsTimed: Int
  public var strokesTimed: Int
  /// 1: every stroke; k: the first stroke and every k-th after it.
  public var strokeStride: Int
  /// When the one stroke timed is longer than the budget: the points of it timed, its first
  /// `budget`; `nil` when every point of the strokes taken is timed (and in older files).
  public var cutAt: Int?

  public init(
    budget: Int, pointsAvailable: Int, strokesAvailable: Int, pointsTimed: Int,
    strokesTimed: Int, strokeStride: Int
  ) {
    self.budget = budget
    self.pointsAvailable = pointsAvailable
    self.strokesAvailable = strokesAvailable
    self.pointsTimed = pointsTimed
    self.strokesTimed = strokesTimed
    self.strokeStride = strokeStride
  }

  /// True when every point of the corpus was timed.
  public var isComplete: Bool { pointsTimed == pointsAvailable }

  /// The strokes to time for stroke lengths `lengths` (corpus order) under `budget`: the
  /// stride, and the record. O(strokes) per stride tried; the first stride tried fits unless
  /// the strokes it takes are longer than average.
  public static func choose(lengths: [Int], budget: Int) -> TimingSample {
    let total = lengths.reduce(0, +)
    let n = lengths.count
    func taken(_ k: Int) -> (points: Int, strokes: Int) {
      var p = 0
      var s = 0
      for i in Swift.stride(from: 0, to: n, by: k) {
        p += lengths[i]
        s += 1
      }
      return (p, s)
    }
    var k = 1
    if total > budget, n > 0 {
      k = max(2, (total + budget - 1) / max(1, budget))
      while k < n && taken(k).points > budget { k += 1 }
      k = min(k, max(1, n))
    }
    let t = n == 0 ? (0, 0) : taken(k)
    var sample = TimingSample(
      budget: budget, pointsAvailable: total, strokesAvailable: n, pointsTimed: t.0,
      strokesTimed: t.1, strokeStride: k)
    // Only one stroke is taken when it alone passes the budget: its first `budget` points.
    if t.0 > budget {
      sample.pointsTimed = budget
      sample.cutAt = budget
    }
    return sample
  }

  /// Whether stroke `i` (0-based, corpus order) is timed.
  public func times(stroke i: Int) -> Bool { i % strokeStride == 0 }

  /// Points timed of a stroke of `length` points that `times(stroke:)` takes.
  public func timedPoints(ofStroke length: Int) -> Int { min(length, cutAt ?? length) }

  /// The rule in one sentence, for the sheet and the console.
  public var rule: String {
    if isComplete {
      return "every point timed (\(pointsAvailable) points; the budget of \(budget) points per "
        + "strategy × lane was not reached)"
    }
    if let cut = cutAt {
      return "\(cut) of \(pointsAvailable) points timed per strategy × lane: the first stroke "
        + "alone is longer than the budget of \(budget) points, so its first \(cut) points are "
        + "timed (\(strokesAvailable == 1 ? "the only stroke" : "1 of \(strokesAvailable) strokes"))"
        + ", the same for every strategy and lane"
    }
    return "\(pointsTimed) of \(pointsAvailable) points timed per strategy × lane: the corpus has "
      + "more than the budget of \(budget), so whole strokes are timed — strokes 1, "
      + "\(1 + strokeStride), \(1 + 2 * strokeStride), … in corpus order (a stride of "
      + "\(strokeStride); \(strokesTimed) of \(strokesAvailable) strokes), the same for every "
      + "strategy and lane"
  }
}
