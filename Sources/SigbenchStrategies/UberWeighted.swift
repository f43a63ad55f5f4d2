import SigbenchCore

/// UberSignature's weighted-Bézier stroke (uber/UberSignature 1.0.3, commit `2bb915e`; the
/// Objective-C version is the reference where the Swift port differs).
///
/// Curve model (`UBSignatureBezierProvider`): four slots P0…P3 of weighted points. The first
/// sample of a stroke fills P0 with weight 3 and shows a dot. A sample closer than 2 px (strict
/// `<`) to the last accepted one is dropped without any change. When all four slots are full,
/// the next sample p finalizes a cubic P0, P1, P2, m with m = (P2 + p)/2 weighted by its
/// distance to P2, and m starts the next segment. The live ("temporary") shape is the dot,
/// line, quadratic or cubic over the filled slots. After k accepted samples
/// max(0, ⌊(k − 2)/3⌋) cubics are final.
///
/// Width (`UBSignatureBezierProvider`'s weight function): `0.1 · max(0, 50 − d) + 2` px for the
/// gap d to the previous accepted sample, so no time, velocity or pressure is used. Outline
/// and paint (`UIBezierPath+UBWeightedPoint`): rung outline, non-zero fill plus a 1 px stroke
/// (`outlineStrokeWidth` = 1), visible width = weight + 1, flat ends, and a tap is a disc of
/// radius 3, which the 1 px outline stroke shows with radius 3.5. The Swift port's bug is not
/// reproduced: its two-point line is a triangle (github.com/uber/UberSignature, #16); here the line is
/// the full quadrilateral.
///
/// Latency: finalized cubics are `stable`; the temporary shape is `tentative` and is replaced
/// on every push (it lags up to three samples and its end jumps to the join midpoint when
/// finalized). `finish` bakes the temporary shape as it is, like `UBSignatureDrawingModel`'s
/// `endContinuousLine`. Finishing resets the slots, so a later sample starts a fresh dot of
/// weight 3 with no join to the previous stroke, as after `endContinuousLine` in UberSignature.
///
/// Stages: input filter (2 px) → Uber's slot machine → width model (`uber-distance`) → outline
/// (`rungs`); each can be swapped through options.
///
/// - Complexity: O(1) time, four slots of state, no allocation per sample.
public struct UberWeighted: SmoothingStrategy {
  public typealias Settings = StageSettings

  public static let descriptor = StrategyDescriptor(
    id: "uber-weighted",
    summary: "UberSignature: distance-weighted cubic Béziers with a rung outline (+1 px stroke).",
    details:
      "uber/UberSignature 1.0.3 (Objective-C). Finalizes one cubic per three samples; the"
      + " temporary dot/line/quad/cubic is tentative and is baked as-is at pen-up.",
    parameters: StageSettings.parameters(
      filter: InputFilter.parameters(
        minDistance: UberConstants.touchDistanceThreshold, typical: "2"),
      width: .uberDistance, size: 3, outline: .rungs))

  public static func settings(from configuration: StrategyConfiguration) throws -> Settings {
    try StageSettings(configuration)
  }

  private let stages: StageSettings
  private var filter: InputFilter
  private var p0 = WeightedPoint.zero
  private var p1 = WeightedPoint.zero
  private var p2 = WeightedPoint.zero
  private var p3 = WeightedPoint.zero
  /// Next free slot, 0…4; 0 means no stroke started.
  private var n = 0
  /// No segment has been finalized in this stroke yet (round outline: start cap needed).
  private var atStrokeStart = true
  /// The stroke's first sample; slots and geometry are kept relative to it.
  private var origin = Point.zero
  /// `stages.outline == .rungs`, read once.
  private let rungs: Bool
  /// With the rung outline: the rung pairs of the edges P0 → P1, P1 → P2, P2 → P3 between the
  /// filled slots (`RungOutline.pair`), each computed once when its edge appears; the shapes
  /// over the slots reuse them.
  private var edges = RungOutline.noEdges

  public init(settings: Settings) {
    stages = settings
    filter = InputFilter(settings.filter)
    rungs = settings.outline == .rungs
  }

  public mutating func process(_ sample: Sample, into output: inout StrokeOutput) {
    stages.outline.preparePaint(&output)
    guard sample.point.isFinite else {  // ignored, like a point under the jitter threshold
      writeTemporary(into: &output.tentative)
      return
    }
    if n == 0 {
      origin = sample.point
      filter.reset()
    }
    guard let local = filter.apply(sample.translated(by: -origin)) else {
      writeTemporary(into: &output.tentative)
      return
    }
    let p = local.point
    if n == 0 {
      p0 = WeightedPoint(p, width: stages.width.width(of: local, after: nil))
      n = 1
      atStrokeStart = true
      writeTemporary(into: &output.tentative)
      return
    }
    let prev = slot(n - 1)
    let new = WeightedPoint(p, width: stages.width.width(of: local, after: prev.point))
    if n == 4 {
      let m = p2.point.midpoint(p)
      p3 = WeightedPoint(m, width: stages.width.joinWidth(from: p2, to: new, at: m))
      if rungs {
        edges.2 = RungOutline.pair(p2, p3)
        OutlineStyle.writeRungs(
          .cubic(p0, p1, p2, p3), edges: edges, origin: origin, into: &output.stable)
      } else {
        stages.outline.write(
          .cubic(p0, p1, p2, p3), startCap: atStrokeStart, origin: origin, into: &output.stable)
      }
      atStrokeStart = false
      p0 = p3
      n = 1
    }
    if rungs { setEdge(n - 1, RungOutline.pair(slot(n - 1), new)) }
    setSlot(n, new)
    n += 1
    writeTemporary(into: &output.tentative)
  }

  public mutating func complete(into output: inout StrokeOutput) {
    stages.outline.preparePaint(&output)
    writeTemporary(into: &output.stable)
    n = 0
  }

  /// The temporary shape over the filled slots: k filled slots give a dot, line, quadratic or
  /// cubic (UberSignature's shape for index k − 1).
  ///
  /// `mutating` only so that `self` is passed by reference: a non-mutating method called from
  /// `process` receives a copy of the whole strategy in release builds (a memcpy of a few
  /// hundred bytes per push; about 70 instructions of each push, by callgrind).
  @inline(__always) private mutating func writeTemporary(into ink: inout InkGeometry) {
    if rungs {
      // One call per case, so each is compiled with its shape known.
      switch n {
      case 1: OutlineStyle.writeRungs(.dot(p0), edges: edges, origin: origin, into: &ink)
      case 2: OutlineStyle.writeRungs(.line(p0, p1), edges: edges, origin: origin, into: &ink)
      case 3:
        OutlineStyle.writeRungs(.quad(p0, p1, p2), edges: edges, origin: origin, into: &ink)
      case 4:
        OutlineStyle.writeRungs(
          .cubic(p0, p1, p2, p3), edges: edges, origin: origin, into: &ink)
      default: return
      }
      return
    }
    let shape: CurveShape
    switch n {
    case 1: shape = .dot(p0)
    case 2: shape = .line(p0, p1)
    case 3: shape = .quad(p0, p1, p2)
    case 4: shape = .cubic(p0, p1, p2, p3)
    default: return
    }
    stages.outline.write(shape, startCap: atStrokeStart, origin: origin, into: &ink)
  }

  private func slot(_ i: Int) -> WeightedPoint {
    switch i {
    case 0: return p0
    case 1: return p1
    case 2: return p2
    default: return p3
    }
  }

  /// Stores the rung pair of the edge from slot `i` to slot `i + 1`.
  private mutating func setEdge(_ i: Int, _ e: (RungOutline.Rung, RungOutline.Rung)) {
    switch i {
    case 0: edges.0 = e
    case 1: edges.1 = e
    default: edges.2 = e
    }
  }

  private mutating func setSlot(_ i: Int, _ v: WeightedPoint) {
    switch i {
    case 0: p0 = v
    case 1: p1 = v
    case 2: p2 = v
    default: p3 = v
    }
  }
}
