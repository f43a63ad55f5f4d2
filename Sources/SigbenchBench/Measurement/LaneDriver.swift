import SigbenchCore
import SigbenchRender
import SigbenchResults

/// Runs whole passes of one strategy in one lane over a workload: untimed, one bracket per
/// point, or batched. Every stroke gets a fresh strategy instance; in the raster lane every
/// drawing gets a fresh canvas. Instances and canvases are made outside the brackets.
struct LaneDriver {
  let strategy: ConfiguredStrategy
  let lane: BenchLane
  let workload: BenchWorkload
  /// Injected work per push (none unless the test-only knob targets this strategy).
  var work = InjectedWork()
  /// The volatile spin rounds per push (the counter lane sets only these).
  var spins: UInt64 {
    get { work.spins }
    set { work.spins = newValue }
  }
  var output = StrokeOutput(reservingSegments: 256, elements: 2048, discs: 256)
  /// The stroke being replayed, unpacked from the workload outside every bracket.
  var stroke: [Sample] = []

  /// The raster lane's empty picture, made once and shared by every drawing's canvas (copy on
  /// write; `apply` never writes it): a fresh one per drawing filled 3.8 MB of pixels outside
  /// the brackets, which on a sampled corpus (about one stroke a drawing) cost more than the
  /// timed pushes.
  let background: Canvas?

  /// `shared`: an empty picture of the workload's raster spec to share (copy on write) with
  /// other drivers; the benchmark keeps every strategy × lane's driver alive at once, and one
  /// picture each (3.8 MB at 1600 × 600) added up to tens of MB. Made here when nil.
  init(
    strategy: ConfiguredStrategy, lane: BenchLane, workload: BenchWorkload,
    sharing shared: Canvas? = nil
  ) {
    self.strategy = strategy
    self.lane = lane
    self.workload = workload
    background = lane == .smoothRaster ? shared ?? Self.emptyPicture(workload.rasterSpec) : nil
  }

  /// The raster lane's empty picture for `spec`.
  static func emptyPicture(_ spec: SigbenchRender.RenderSpec) -> Canvas {
    Canvas(width: spec.width, height: spec.height, background: spec.background)
  }

  /// Samples of a stroke this strategy is timed on: all for an incremental strategy; at most
  /// `StrategyCost.costlyStrokeSampleLimit` for one whose cost per push grows with the stroke
  /// (O(n²) a stroke: the envelope's 1,000,000 samples would take hours), its first ones.
  var strokeLimit: Int {
    strategy.cost.isIncremental ? Int.max : StrategyCost.costlyStrokeSampleLimit
  }

  /// Cuts `stroke` to `strokeLimit` samples (outside every bracket).
  @inline(__always) private func cut(_ stroke: inout [Sample]) {
    if stroke.count > strokeLimit { stroke.removeLast(stroke.count - strokeLimit) }
  }

  /// The unpacking buffer, taken out of `self` for a pass (its capacity kept).
  private mutating func takeStroke() -> [Sample] {
    var s: [Sample] = []
    swap(&s, &stroke)
    return s
  }

  /// Passes stop after the drawing that reaches this many points (warm-up on a large corpus:
  /// `PointBenchmark.warmupPoints`); every drawing when `Int.max`.
  var pointLimit = Int.max

  /// Calls `body` once per drawing (up to `pointLimit` points) with the drawing's lane step.
  private func eachItem(_ body: (BenchWorkload.Item, inout any LaneStep) -> Void) {
    var taken = 0
    for item in workload.items {
      if taken >= pointLimit { break }
      taken += item.strokes.sampleCount
      var step: any LaneStep
      switch lane {
      case .smooth: step = SinkStep()
      case .smoothRaster:
        step = RasterStep(
          canvas: IncrementalCanvas(
            spec: workload.rasterSpec, transform: item.transform, background: background))
      }
      body(item, &step)
    }
  }

  /// One untimed pass (warm-up).
  mutating func untimedPass() {
    // Take the buffer instead of copying it: a copy would share storage with `output`, and the
    // first write to each array would then allocate (copy-on-write) inside a measured pass.
    var out = StrokeOutput()
    swap(&out, &output)
    let work = work
    var stroke = takeStroke()
    eachItem { item, step in
      for k in item.strokes.indices {
        item.strokes.unpack(k, into: &stroke)
        cut(&stroke)
        var instance = strategy.makeInstance()
        LaneDriver.openUntimed(&instance, &step, stroke, &out, work)
      }
    }
    self.stroke = stroke
    output = out
  }

  /// One bracket per point; returns per-point records, per-stroke finish brackets and each
  /// finish divided by its stroke's sample count (ns per point, the cost a batch-mode
  /// strategy defers to `finish`).
  mutating func singlePass() -> (
    record: PointRecord, finishes: [Double], finishPerPoint: [Double]
  ) {
    var record = PointRecord()
    record.reserve(workload.pointCount)
    var finishes: [Double] = []
    finishes.reserveCapacity(workload.strokeCount)
    var finishPerPoint: [Double] = []
    finishPerPoint.reserveCapacity(workload.strokeCount)
    // Take the buffer instead of copying it: a copy would share storage with `output`, and the
    // first write to each array would then allocate (copy-on-write) inside a measured pass.
    var out = StrokeOutput()
    swap(&out, &output)
    let work = work
    var strokeID: Int32 = 0
    var stroke = takeStroke()
    eachItem { item, step in
      for k in item.strokes.indices {
        item.strokes.unpack(k, into: &stroke)
        cut(&stroke)
        var instance = strategy.makeInstance()
        let finish = LaneDriver.openSingle(
          &instance, &step, stroke, &out, work, strokeID, &record)
        finishes.append(finish)
        finishPerPoint.append(finish / Double(max(1, stroke.count)))
        strokeID += 1
      }
    }
    self.stroke = stroke
    output = out
    return (record, finishes, finishPerPoint)
  }

  /// Batched timing: per-point figures of every full batch of `batch` points, and the points
  /// and nanoseconds inside batches (for throughput).
  mutating func batchedPass(batch: Int) -> (perPoint: [Double], points: Int, ns: Double) {
    var perPoint: [Double] = []
    perPoint.reserveCapacity(workload.pointCount / max(1, batch) + 1)
    var points = 0
    var ns = 0.0
    // Take the buffer instead of copying it: a copy would share storage with `output`, and the
    // first write to each array would then allocate (copy-on-write) inside a measured pass.
    var out = StrokeOutput()
    swap(&out, &output)
    let work = work
    var stroke = takeStroke()
    defer { self.stroke = stroke }
    eachItem { item, step in
      for k in item.strokes.indices {
        item.strokes.unpack(k, into: &stroke)
        cut(&stroke)
        var instance = strategy.makeInstance()
        let r = LaneDriver.openBatched(&instance, &step, stroke, &out, work, batch, &perPoint)
        points += r.points
        ns += r.ns
      }
    }
    output = out
    return (perPoint, points, ns)
  }

  // Opening helpers: each opens the strategy existential and the lane-step existential once
  // per stroke, then runs the fully specialised loop.
  private static func openUntimed<S: SmoothingStrategy>(
    _ s: inout S, _ step: inout any LaneStep, _ samples: [Sample], _ out: inout StrokeOutput,
    _ work: InjectedWork
  ) {
    func go<L: LaneStep>(_ l: inout L) { ReplayLoops.untimed(&s, samples, &out, &l, work: work) }
    go(&step)
  }

  private static func openSingle<S: SmoothingStrategy>(
    _ s: inout S, _ step: inout any LaneStep, _ samples: [Sample], _ out: inout StrokeOutput,
    _ work: InjectedWork, _ id: Int32, _ record: inout PointRecord
  ) -> Double {
    func go<L: LaneStep>(_ l: inout L) -> Double {
      ReplayLoops.single(&s, samples, &out, &l, work: work, strokeID: id, record: &record)
    }
    return go(&step)
  }

  private static func openBatched<S: SmoothingStrategy>(
    _ s: inout S, _ step: inout any LaneStep, _ samples: [Sample], _ out: inout StrokeOutput,
    _ work: InjectedWork, _ batch: Int, _ perPoint: inout [Double]
  ) -> (points: Int, ns: Double) {
    func go<L: LaneStep>(_ l: inout L) -> (points: Int, ns: Double) {
      ReplayLoops.batched(
        &s, samples, &out, &l, work: work, batch: batch, perPoint: &perPoint)
    }
    return go(&step)
  }
}
