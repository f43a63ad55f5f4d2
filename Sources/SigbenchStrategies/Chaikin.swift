import SigbenchCore

/// Chaikin corner cutting of the whole stroke, drawn as a polyline (G. M. Chaikin, "An
/// algorithm for high-speed curve generation", Computer Graphics and Image Processing 3, 1974).
///
/// Algorithm (`cutCorners`): each pass replaces every edge Pᵢ → Pᵢ₊₁ of the open polyline by
/// the two points Q = ¾Pᵢ + ¼Pᵢ₊₁ and R = ¼Pᵢ + ¾Pᵢ₊₁, and keeps the true endpoints P₀ and Pₙ₋₁,
/// so n points become 2n (n·2ᵏ after k `passes`); a single point stays as it is (a dot). Away
/// from the ends the passes converge to the uniform quadratic B-spline of the samples.
/// Approximating, not interpolating: corners and loops shrink inward, and only the endpoints
/// stay on the samples.
///
/// Width: the width model gives every accepted sample its width, and each cut interpolates the
/// widths with the same ¾/¼ weights as the positions. Pressure reaches the ink only through
/// that width, so interpolating the widths is interpolating the (clamped) pressure and
/// applying the pressure model afterwards: the model is affine in the pressure.
///
/// Offline: every new sample moves the last cut points, and the endpoint rule depends on which
/// sample is last, so nothing is stable before `finish`. Each push stores the (filtered) sample
/// and writes, as tentative, exactly what `finish` would draw for the samples so far; `finish`
/// writes it as stable.
///
/// Stages: input filter (off by default; `filter=one-euro` smooths first) → corner cutting →
/// width model (constant 2 px by default) → round outline. Positions are kept relative to the
/// stroke's first sample.
///
/// - Complexity: O(n·2ᵏ) time and output per push for the n samples so far and k passes (O(n²·2ᵏ)
///   per stroke); no allocation once the stored samples' and the two pass buffers' capacity
///   covers n·2ᵏ points.
public struct Chaikin: SmoothingStrategy {
  public struct Settings: Sendable {
    public var stages: StageSettings
    /// Corner-cutting passes, 1–6.
    public var passes: Int
  }

  public static let descriptor = StrategyDescriptor(
    id: "chaikin",
    summary: "Chaikin corner cutting of the whole stroke, drawn as a polyline.",
    details:
      "Chaikin 1974. Offline: needs the whole stroke. Every push recomputes the passes over"
      + " the samples so far and shows the result as tentative (O(n·2^k)); nothing is stable"
      + " until finish. Approximating: corners and loops shrink inward; endpoints kept.",
    parameters: [
      ParameterInfo(
        name: "passes", unit: "", domain: .integer(1...6), defaultValue: .number(3),
        typical: "2–4", help: "Corner-cutting passes; each doubles the number of points.")
    ]
      + StageSettings.parameters(
        filter: InputFilter.parameters(minDistance: 0, typical: "0 (keep all)–2"),
        width: .constant, size: 2, outline: .round),
    cost: .offline)

  public static func settings(from configuration: StrategyConfiguration) throws -> Settings {
    Settings(
      stages: try StageSettings(configuration), passes: Int(configuration.number("passes")))
  }

  private let stages: StageSettings
  private let passes: Int
  private var filter: InputFilter
  /// Every accepted sample so far with its width, relative to `origin`.
  private var samples: [WeightedPoint] = []
  /// The two pass buffers; `result` holds the last pass.
  private var result: [WeightedPoint] = []
  private var scratch: [WeightedPoint] = []
  /// The stroke's first sample; state and geometry are kept relative to it.
  private var origin = Point.zero

  public init(settings: Settings) {
    stages = settings.stages
    passes = settings.passes
    filter = InputFilter(settings.stages.filter)
  }

  public mutating func process(_ sample: Sample, into output: inout StrokeOutput) {
    stages.outline.preparePaint(&output)
    if sample.point.isFinite {  // a non-finite sample is ignored, like a filtered one
      if samples.isEmpty { origin = sample.point }
      if let local = filter.apply(sample.translated(by: -origin)) {
        let width = stages.width.width(of: local, after: samples.last?.point)
        samples.append(WeightedPoint(local.point, width: width))
      }
    }
    write(into: &output.tentative)
  }

  public mutating func complete(into output: inout StrokeOutput) {
    stages.outline.preparePaint(&output)
    write(into: &output.stable)
    samples.removeAll(keepingCapacity: true)
    filter.reset()
  }

  /// The polyline of `passes` corner cuts of every sample so far.
  private mutating func write(into ink: inout InkGeometry) {
    guard !samples.isEmpty else { return }
    Self.cutCorners(samples, into: &result)
    for _ in 1..<max(1, passes) {
      Self.cutCorners(result, into: &scratch)
      swap(&result, &scratch)
    }
    guard result.count > 1 else {
      stages.outline.write(.dot(result[0]), startCap: true, origin: origin, into: &ink)
      return
    }
    for i in 1..<result.count {
      stages.outline.write(
        .line(result[i - 1], result[i]), startCap: i == 1, origin: origin, into: &ink)
    }
  }

  /// One pass of corner cutting of the open polyline `points` into `cut` (replacing its
  /// contents, keeping its storage): P₀, then Q and R of every edge, then Pₙ₋₁; widths with
  /// the positions' weights. One point or none is copied as it is. `cut` grows by appending
  /// (geometrically), never by an exact reservation, so a buffer reused across pushes
  /// reallocates only O(log n) times over a stroke.
  public static func cutCorners(_ points: [WeightedPoint], into cut: inout [WeightedPoint]) {
    cut.removeAll(keepingCapacity: true)
    guard let first = points.first, let last = points.last, points.count > 1 else {
      cut.append(contentsOf: points)
      return
    }
    cut.append(first)
    for i in 1..<points.count {
      let a = points[i - 1]
      let b = points[i]
      cut.append(mix(a, b))
      cut.append(mix(b, a))
    }
    cut.append(last)
  }

  /// `passes` rounds of corner cutting of `points`.
  public static func subdivide(_ points: [WeightedPoint], passes: Int) -> [WeightedPoint] {
    var current = points
    var next: [WeightedPoint] = []
    for _ in 0..<passes {
      cutCorners(current, into: &next)
      swap(&current, &next)
    }
    return current
  }

  /// ¾ `near` + ¼ `far`, position and width.
  @inline(__always) private static func mix(_ near: WeightedPoint, _ far: WeightedPoint)
    -> WeightedPoint
  {
    WeightedPoint(
      near.point * 0.75 + far.point * 0.25, width: near.width * 0.75 + far.width * 0.25)
  }
}
