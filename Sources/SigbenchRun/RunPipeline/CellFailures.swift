import SigbenchCore
import SigbenchQuality
import SigbenchRender
import SigbenchResults

/// The stage failures of one drawing's cells (`StageFailure`), in the order met. A stage's
/// work runs through `attempt`: what it throws fails that cell only and is recorded, or, with
/// `strict` (`run --strict`), stops the run with exit 3. Only a stage's own computation runs
/// inside (smoothing, rendering to bytes, quality); writing files stays outside, so a full disk
/// is still a tool error (exit 1).
struct CellFailures {
  let drawing: String
  let strict: Bool
  /// The test-only injection (`SIGBENCH_INJECT=LABEL:fail=STAGE`): that stage of that
  /// strategy's cells fails, so the rule can be shown end to end on a built binary.
  let injected: Injection?
  private(set) var list: [StageFailure] = []

  init(drawing: String, strict: Bool, injected: Injection?) {
    self.drawing = drawing
    self.strict = strict
    self.injected = injected
  }

  /// `body`'s value, or `nil` when it threw (the failure recorded); with `strict`, the failure
  /// is thrown as a `PipelineError` naming the drawing, the strategy, the stage and the reason.
  mutating func attempt<T>(
    _ stage: StageFailure.Stage, _ strategy: ConfiguredStrategy?, _ body: () throws -> T
  ) throws -> T? {
    do {
      if let i = injected, i.failStage == stage.rawValue, let s = strategy,
        i.targets(id: s.id, label: s.label)
      {
        throw InjectedFailure()
      }
      return try body()
    } catch {
      let failure = StageFailure(
        strategy: strategy?.label, stage: stage, reason: CellFailures.reason(error))
      if strict {
        throw PipelineError(
          .invalidBenchmark,
          "\(FailedCell(drawing: drawing, failure: failure).text) (--strict stops at the first "
            + "failing cell)")
      }
      list.append(failure)
      return nil
    }
  }

  /// The error's own text, on one line.
  static func reason(_ error: any Error) -> String {
    ConsoleText.escaped(String(describing: error))
  }

  /// A strategy's replay of `drawing`, its ink checked: every coordinate and width finite, and
  /// inside the ±`VectorStyle.maxExtent` px every writer draws (4 × the envelope's position
  /// bound). Throws `InkOutOfRange` naming the stroke otherwise, and before replaying a stroke
  /// longer than `StrategyCost.costlyStrokeSampleLimit` through a strategy that is not
  /// incremental.
  static func smooth(_ drawing: Drawing, _ strategy: ConfiguredStrategy) throws -> [StrokeTrace] {
    let limit = StrategyCost.costlyStrokeSampleLimit
    if !strategy.cost.isIncremental,
      let k = drawing.strokes.firstIndex(where: { $0.samples.count > limit })
    {
      let n = drawing.strokes[k].samples.count
      throw InkOutOfRange(
        stroke: k,
        reason: "\(n) samples; \(strategy.id) redoes the whole stroke at every push "
          + "(\(strategy.cost.rawValue): O(n²) a stroke, about \(n / 2 * n) sample visits here), "
          + "so its ink is drawn and measured on strokes of at most \(limit) samples")
    }
    let traces = StrokeTrace.record(drawing, through: strategy)
    for (k, t) in traces.enumerated() {
      guard t.ink.isFinite else { throw InkOutOfRange(stroke: k, reason: "a value is not finite") }
      guard let b = t.ink.bounds else { continue }
      let reach = max(abs(b.minX), abs(b.maxX), abs(b.minY), abs(b.maxY))
      if reach > VectorStyle.maxExtent {
        throw InkOutOfRange(
          stroke: k,
          reason: "it reaches \(reach) px, past the \(Int(VectorStyle.maxExtent)) px every "
            + "writer draws (4 × the input envelope's position bound)")
      }
    }
    return traces
  }
}

/// A strategy's ink that no later stage can take.
struct InkOutOfRange: Error, CustomStringConvertible {
  var stroke: Int
  var reason: String
  var description: String { "the ink of stroke \(stroke + 1): \(reason)" }
}

/// The failure `SIGBENCH_INJECT=…:fail=STAGE` asks for.
struct InjectedFailure: Error, CustomStringConvertible {
  var description: String { "test-only failure injected (\(Injection.environmentVariable))" }
}
