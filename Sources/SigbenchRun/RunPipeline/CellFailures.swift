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
  /// incremental. An external strategy's failed call throws its failure (strategy, request,
  /// what happened).
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
    // An external strategy's call failures (a crash, a hang, a broken reply) are thrown here.
    let traces = try strategy.watchingCalls { StrokeTrace.record(drawing, through: strategy) }
    for (k, t) in traces.enumerated() {
      guard t.ink.isFinite else { throw InkOutOfRange(stroke: k, reason: "a value is not finite") }
      // Nearly all ink lies far inside: a bound from the stored numbers settles it without
      // writing out bands and stamps.
      if reachBound(t.ink) <= VectorStyle.maxExtent * (1 - 1e-9) { continue }
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

extension CellFailures {
  /// An upper bound of the largest coordinate magnitude `ink.bounds` can reach, px, from the
  /// stored numbers alone: every written-out point (a band's polygon vertex, a stamp's centre)
  /// lies within its piece's control points moved by its origin, grown by its half width or
  /// radius (unit normals), so the sum of the magnitudes bounds it; 1e-6 relative covers the
  /// rounding of writing out. Finite ink only.
  ///
  /// - Complexity: O(elements + bands + stamp runs + discs), no write-out.
  static func reachBound(_ ink: InkGeometry) -> Double {
    @inline(__always) func m(_ p: Point) -> Double { max(abs(p.x), abs(p.y)) }
    var reach = 0.0
    let pad = abs(ink.outlineStrokeWidth) * 5
    for e in ink.outline {
      switch e {
      case .move(let p), .line(let p): reach = max(reach, m(p) + pad)
      case .quad(let c, let p): reach = max(reach, max(m(c), m(p)) + pad)
      case .cubic(let c1, let c2, let p): reach = max(reach, max(m(c1), m(c2), m(p)) + pad)
      case .close: break
      }
    }
    for b in ink.bands {
      let s = b.segment
      let half = max(abs(s.startWidth), abs(s.endWidth)) / 2
      let curve = max(m(s.start), m(s.control1), m(s.control2), m(s.end))
      reach = max(reach, m(b.origin) + curve + half + pad)
    }
    for d in ink.discs { reach = max(reach, m(d.center) + abs(d.radius)) }
    for r in ink.stamps {
      let curve = max(m(r.start), m(r.control1), m(r.control2), m(r.end))
      // min(r₀ + t³·(r₁ − r₀), cap): no larger in magnitude than the largest of the three.
      let radius = max(abs(r.startRadius), abs(r.endRadius), abs(r.maxRadius))
      // The power basis's point stays within the control points up to rounding; 8 × their
      // magnitude bounds its coefficients' sum as well.
      reach = max(reach, m(r.origin) + 8 * curve + radius)
    }
    if !ink.hasFill {
      for s in ink.centerline {
        reach = max(reach, m(s.start) + abs(s.startWidth) / 2, m(s.end) + abs(s.endWidth) / 2)
      }
    }
    return reach * (1 + 1e-6)
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
