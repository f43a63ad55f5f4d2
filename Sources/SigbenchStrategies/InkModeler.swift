import SigbenchCore

/// A spring–mass pen with end-of-stroke catch-up and a Kalman predictor, after the published
/// design of Google's Ink Stroke Modeler (google/ink-stroke-modeler, the modeller behind
/// Jetpack androidx.ink; README sections "Wobble smoothing", "Upsampling", "Position
/// modeling", "Stroke end" and "Prediction"). Written from that description, not its code.
///
/// Per sample (times in s; an untimed sample is taken 1/60 s after the previous one):
/// 1. wobble smoother (`WobbleSmoother`): 40 ms window, full smoothing below 10 px/s, none
///    above 15 px/s (2 % and 3 % of 500 px/s, a typical signature speed: the published
///    suggestion is 2–3 % of the typical speed and a window of 2.5 input periods, 42 ms at
///    60 Hz);
/// 2. upsampling: the step from the previous smoothed input to this one is cut into
///    ⌈Δt · 180⌉ equal steps (the published 180/s minimum output rate; more when the
///    constants need shorter steps to stay stable, `SpringPenModel.stableStep`), at most 64;
///    a longer pause simulates only its last 64 steps (the model has long come to rest);
/// 3. position model (`SpringPenModel`): spring–mass 11/32400 s², drag 72 /s (the published
///    example), at rest on the first sample; every modelled point ends a stable line segment;
/// 4. prediction (`KalmanPredictor`, 20 ms ahead by default, `predict=0` turns it off): the
///    pen position expected `predict` ms after the sample. The tentative tail is a copy of the
///    model run towards anchors moving from this input to that position over the interval,
///    then one segment to the predicted position; the prediction is also reported in
///    `StrokeOutput.prediction` so the quality metrics can score it once the real samples
///    arrive.
///
/// End of stroke: the model keeps stepping (1/180 s) towards the last input until it is
/// within `end-distance` (0.01 px) or after `end-iterations` (20) steps; the ink then ends with
/// a straight segment to the pen-up point itself, so the finished stroke ends exactly there
/// (the description's intent; its stopping distance alone leaves a residual gap).
///
/// Stylus state: the width model sees the input sample interpolated at each modelled step
/// (pressure linear in time), the published projection onto the raw polyline simplified.
///
/// Stages: input filter (off) → the modeller above → width model (constant 2 px) → round
/// outline.
///
/// - Complexity: O(1) per push: at most 64 model steps, ≤ 65 predicted steps, the smoother's
///   32-sample window; no allocation.
public struct InkModeler: SmoothingStrategy {
  public struct Settings: Sendable {
    public var stages: StageSettings
    /// s² and 1/s.
    public var springMass: Double
    public var drag: Double
    /// s, px/s, px/s.
    public var wobbleTimeout: Double
    public var wobbleFloor: Double
    public var wobbleCeiling: Double
    /// Hz.
    public var minimumOutputRate: Double
    public var endIterations: Int
    /// px.
    public var endDistance: Double
    /// Prediction interval, s (0: none).
    public var predictionInterval: Double
    public var processNoise: Double
    public var measurementNoise: Double
  }

  /// Most model steps per sample (bounds the work of a push after a long pause).
  static let maximumSteps = 64
  /// Period assumed for a sample without time, s.
  static let untimedPeriod = 1.0 / 60

  public static let descriptor = StrategyDescriptor(
    id: "ink-modeler",
    summary: "Spring-mass pen with catch-up at pen-up and a Kalman-predicted tentative tail.",
    details:
      "After Google's Ink Stroke Modeler: wobble smoother, upsampling to 180/s, spring-mass"
      + " position model, end-of-stroke catch-up, Kalman prediction shown as the tentative tail.",
    parameters: [
      .number(
        "spring-mass", unit: "s²", 1e-6, 1, lowerClosed: false, default: 11.0 / 32400,
        typical: "11/32400", help: "Mass over spring constant: larger trails the pen more."),
      .number(
        "drag", unit: "1/s", 0, 10_000, lowerClosed: false, default: 72, typical: "72",
        help: "Share of velocity removed per second."),
      .number(
        "wobble-timeout", unit: "s", 0, 1, lowerClosed: false, default: 0.04,
        typical: "2.5 input periods", help: "Window of the wobble smoother's moving averages."),
      .number(
        "wobble-floor", unit: "px/s", 0, 10_000, default: 10, typical: "2 % of typical speed",
        help: "Mean speed at and below which the input is fully averaged."),
      .number(
        "wobble-ceiling", unit: "px/s", 0, 10_000, lowerClosed: false, default: 15,
        typical: "3 % of typical speed", help: "Mean speed from which the input is untouched."),
      .number(
        "output-rate", unit: "Hz", 1, 10_000, default: 180, typical: "180",
        help: "Minimum model steps per second (inputs are upsampled to it)."),
      .number(
        "end-iterations", unit: "", 0, 1000, default: 20, typical: "20",
        help: "Most catch-up steps towards the last input at pen-up."),
      .number(
        "end-distance", unit: "px", 0, 100, default: 0.01, typical: "0.01",
        help: "Catch-up stops once the model is this close to the last input."),
      .number(
        "predict", unit: "ms", 0, 100, default: 20, typical: "0–33",
        help: "How far ahead the Kalman prediction runs; 0 turns prediction off."),
      .number(
        "process-noise", unit: "px²/s⁷", 0, 1e15, lowerClosed: false, default: 1e13,
        typical: "1e12–1e14", help: "Kalman jerk random-walk density: larger follows turns sooner."),
      .number(
        "measurement-noise", unit: "px²", 0, 1e6, lowerClosed: false, default: 0.1,
        typical: "0.01–1", help: "Kalman position variance of a sample."),
    ]
      + StageSettings.parameters(
        filter: InputFilter.parameters(minDistance: 0, typical: "0 (keep all)"),
        width: .constant, size: 2, outline: .round))

  public static func settings(from c: StrategyConfiguration) throws -> Settings {
    let floor = c.number("wobble-floor")
    let ceiling = c.number("wobble-ceiling")
    guard ceiling > floor else {
      throw StrategyError.invalidOption(
        strategy: descriptor.id, option: "wobble-ceiling",
        rule: "must be above wobble-floor (\(ParameterValue.format(floor)) px/s)",
        value: ParameterValue.format(ceiling))
    }
    return Settings(
      stages: try StageSettings(c), springMass: c.number("spring-mass"), drag: c.number("drag"),
      wobbleTimeout: c.number("wobble-timeout"), wobbleFloor: floor, wobbleCeiling: ceiling,
      minimumOutputRate: c.number("output-rate"),
      endIterations: Int(c.number("end-iterations").rounded()),
      endDistance: c.number("end-distance"), predictionInterval: c.number("predict") / 1000,
      processNoise: c.number("process-noise"), measurementNoise: c.number("measurement-noise"))
  }

  private let settings: Settings
  private var filter: InputFilter
  private var smoother: WobbleSmoother
  private var predictor: KalmanPredictor
  private var model = SpringPenModel(at: .zero, springMass: 1, drag: 0)
  /// The previous smoothed input (the anchor the next steps start from) and raw input.
  private var anchor = Point.zero
  private var raw = Sample(x: 0, y: 0)
  private var time = 0.0
  /// The last modelled point written, with its width.
  private var drawn = WeightedPoint.zero
  private var started = false
  /// The stroke's first sample; state and geometry are kept relative to it.
  private var origin = Point.zero

  public init(settings: Settings) {
    self.settings = settings
    filter = InputFilter(settings.stages.filter)
    smoother = WobbleSmoother(
      timeout: settings.wobbleTimeout, floor: settings.wobbleFloor,
      ceiling: settings.wobbleCeiling)
    predictor = KalmanPredictor(
      processNoise: settings.processNoise, measurementNoise: settings.measurementNoise)
  }

  public mutating func process(_ sample: Sample, into output: inout StrokeOutput) {
    let outline = settings.stages.outline
    outline.preparePaint(&output)
    guard sample.point.isFinite else {
      writeTail(into: &output)
      return
    }
    if !started { origin = sample.point }
    guard let local = filter.apply(sample.translated(by: -origin)) else {
      writeTail(into: &output)
      return
    }
    let t = local.time.flatMap { $0.isFinite ? $0 : nil } ?? (time + InkModeler.untimedPeriod)
    let smoothed = smoother.apply(local.point, time: t)
    predictor.observe(local.point, time: t)
    if !started {
      started = true
      model = SpringPenModel(
        at: smoothed, springMass: settings.springMass, drag: settings.drag)
      drawn = WeightedPoint(smoothed, width: settings.stages.width.width(of: local, after: nil))
      outline.write(.dot(drawn), startCap: true, origin: origin, into: &output.stable)
    } else {
      let dt = max(0, t - time)
      let period = min(1 / settings.minimumOutputRate, model.stableStep)
      // Capped in floating point first: a long pause (dt / period past Int.max) is
      // `maximumSteps` steps, not a trap.
      let steps = Int(min(Double(InkModeler.maximumSteps), (dt / period).rounded(.up)))
      if steps > 0 {
        let h = min(dt / Double(steps), period)
        var m = model
        var last = drawn
        for k in 1...steps {
          let u = Double(k) / Double(steps)
          m.step(towards: anchor + (smoothed - anchor) * u, dt: h)
          emit(m.position, interpolate(raw, local, u), from: &last, into: &output.stable)
        }
        model = m
        drawn = last
      }
    }
    anchor = smoothed
    raw = local
    time = t
    writeTail(into: &output)
  }

  public mutating func complete(into output: inout StrokeOutput) {
    settings.stages.outline.preparePaint(&output)
    if started {
      var last = drawn
      var m = model
      catchUp(&m, towards: raw.point, from: &last, into: &output.stable)
      if last.point != raw.point { emit(raw.point, raw, from: &last, into: &output.stable) }
    }
    started = false
    filter.reset()
  }

  /// The tentative tail: the model run towards the predicted position over the prediction
  /// interval, then one segment to the predicted position itself (where the pen is expected).
  private func writeTail(into output: inout StrokeOutput) {
    guard started, settings.predictionInterval > 0,
      let predicted = predictor.predict(ahead: settings.predictionInterval)
    else { return }
    output.prediction = PenPrediction(
      point: predicted + origin, time: time + settings.predictionInterval)
    var ghost = model
    var last = drawn
    let tau = settings.predictionInterval
    let period = min(1 / settings.minimumOutputRate, model.stableStep)
    let steps = max(1, Int(min(Double(InkModeler.maximumSteps), (tau / period).rounded(.up))))
    let h = min(tau / Double(steps), period)
    for k in 1...steps {
      ghost.step(towards: anchor + (predicted - anchor) * (Double(k) / Double(steps)), dt: h)
      emit(ghost.position, raw, from: &last, into: &output.tentative)
    }
    if last.point != predicted { emit(predicted, raw, from: &last, into: &output.tentative) }
  }

  /// Steps `model` towards `target` at the minimum output period until it is within
  /// `endDistance` or `endIterations` steps have run, writing each step.
  private func catchUp(
    _ model: inout SpringPenModel, towards target: Point, from last: inout WeightedPoint,
    into ink: inout InkGeometry
  ) {
    var k = 0
    while k < settings.endIterations, model.position.distance(to: target) > settings.endDistance {
      model.step(towards: target, dt: min(1 / settings.minimumOutputRate, model.stableStep))
      emit(model.position, raw, from: &last, into: &ink)
      k += 1
    }
  }

  /// A line segment from `last` to `p`, which becomes `last`; `input` gives the stylus state.
  private func emit(
    _ p: Point, _ input: Sample, from last: inout WeightedPoint, into ink: inout InkGeometry
  ) {
    var s = input
    s.x = p.x
    s.y = p.y
    let next = WeightedPoint(p, width: settings.stages.width.width(of: s, after: last.point))
    settings.stages.outline.write(.line(last, next), startCap: false, origin: origin, into: &ink)
    last = next
  }

  /// The input between samples `a` and `b` at fraction `u` (position and pressure linear).
  private func interpolate(_ a: Sample, _ b: Sample, _ u: Double) -> Sample {
    var s = b
    s.x = a.x + (b.x - a.x) * u
    s.y = a.y + (b.y - a.y) * u
    if let pa = a.pressure, let pb = b.pressure { s.pressure = pa + (pb - pa) * u }
    return s
  }
}
