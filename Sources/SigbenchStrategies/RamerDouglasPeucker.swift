import SigbenchCore

/// Ramer–Douglas–Peucker simplification of the whole stroke, drawn as a polyline through the
/// samples it keeps (U. Ramer, "An iterative procedure for the polygonal approximation of plane
/// curves", Computer Graphics and Image Processing 1, 1972; D. H. Douglas and T. K. Peucker,
/// "Algorithms for the reduction of the number of points required to represent a digitized
/// line or its caricature", The Canadian Cartographer 10, 1973).
///
/// Algorithm (`Simplifier`): the first and last samples are kept; of the samples between the
/// two ends of a span, the one farthest from the chord is kept and both halves are simplified
/// the same way, when its distance is greater than `epsilon` (strict `>`: a sample exactly
/// `epsilon` away is dropped with the rest of the span); otherwise every sample strictly inside
/// the span is dropped. The distance is the perpendicular distance to the *line* through the
/// chord's ends (as in the two papers, and as Google's Quick, Draw! simplified drawings were
/// produced), or the distance to the chord's start where both ends coincide (a closed span).
/// Of equally far samples the first wins. Spans wait on an explicit stack, so no recursion
/// depth limits the stroke length.
///
/// It is a simplifier, not a smoother: it keeps any noise spike larger than `epsilon`, and,
/// because the distance is to the line, drops a sample that overshoots the chord along its own
/// direction (a hairpin whose tip lies on the line through its ends).
///
/// Offline: which samples survive depends on every later sample, so nothing is stable before
/// `finish`. Each push stores the (filtered) sample and writes, as tentative, exactly what
/// `finish` would draw for the samples so far; `finish` writes it as stable.
///
/// Stages: input filter (off by default; `filter=one-euro` smooths first) → RDP over every
/// accepted sample → width model (each kept sample keeps its own width; constant 2 px by
/// default) → round outline. Positions are kept relative to the stroke's first sample.
///
/// - Complexity: per push O(n log n) on average and O(n²) in the worst case (every split
///   peeling off one sample) for the n samples so far, plus O(m) output for the m kept ones;
///   no allocation once the stored samples' and the scratch buffers' capacity covers n.
public struct RamerDouglasPeucker: SmoothingStrategy {
  public struct Settings: Sendable {
    public var stages: StageSettings
    /// Largest distance of a dropped sample from its chord, CSS px (> 0).
    public var epsilon: Double
  }

  public static let descriptor = StrategyDescriptor(
    id: "rdp",
    summary: "Ramer–Douglas–Peucker simplification of the whole stroke, drawn as a polyline.",
    details:
      "Ramer 1972; Douglas and Peucker 1973. Offline: needs the whole stroke. Every push"
      + " re-simplifies the samples so far and shows the result as tentative (O(n log n)"
      + " average, O(n²) worst); nothing is stable until finish. Keeps spikes larger than"
      + " epsilon.",
    parameters: [
      .number(
        "epsilon", unit: "px", 0, 100, lowerClosed: false, default: 1, typical: "0.3–2",
        help: "Samples within this distance of the line through a span's ends are dropped"
          + " (exactly epsilon is dropped).")
    ]
      + StageSettings.parameters(
        filter: InputFilter.parameters(minDistance: 0, typical: "0 (keep all)–2"),
        width: .constant, size: 2, outline: .round),
    cost: .offline)

  public static func settings(from configuration: StrategyConfiguration) throws -> Settings {
    Settings(stages: try StageSettings(configuration), epsilon: configuration.number("epsilon"))
  }

  private let stages: StageSettings
  private let epsilon: Double
  private var filter: InputFilter
  /// Every accepted sample so far, relative to `origin`.
  private var points: [Point] = []
  /// The width of each accepted sample.
  private var widths: [Double] = []
  private var simplifier = Simplifier()
  /// The stroke's first sample; state and geometry are kept relative to it.
  private var origin = Point.zero

  public init(settings: Settings) {
    stages = settings.stages
    epsilon = settings.epsilon
    filter = InputFilter(settings.stages.filter)
  }

  public mutating func process(_ sample: Sample, into output: inout StrokeOutput) {
    stages.outline.preparePaint(&output)
    if sample.point.isFinite {  // a non-finite sample is ignored, like a filtered one
      if points.isEmpty { origin = sample.point }
      if let local = filter.apply(sample.translated(by: -origin)) {
        widths.append(stages.width.width(of: local, after: points.last))
        points.append(local.point)
      }
    }
    write(into: &output.tentative)
  }

  public mutating func complete(into output: inout StrokeOutput) {
    stages.outline.preparePaint(&output)
    write(into: &output.stable)
    points.removeAll(keepingCapacity: true)
    widths.removeAll(keepingCapacity: true)
    filter.reset()
  }

  /// The polyline through the samples RDP keeps of every sample so far.
  private mutating func write(into ink: inout InkGeometry) {
    simplifier.run(points, epsilon: epsilon)
    var previous: WeightedPoint?
    var pieces = 0
    for i in points.indices where simplifier.kept[i] {
      let current = WeightedPoint(points[i], width: widths[i])
      if let a = previous {
        stages.outline.write(
          .line(a, current), startCap: pieces == 0, origin: origin, into: &ink)
        pieces += 1
      }
      previous = current
    }
    if pieces == 0, let only = previous {
      stages.outline.write(.dot(only), startCap: true, origin: origin, into: &ink)
    }
  }

  /// The indices RDP keeps of `points` with tolerance `epsilon` (px), ascending; every index
  /// when there are at most two points.
  public static func keptIndices(_ points: [Point], epsilon: Double) -> [Int] {
    var s = Simplifier()
    s.run(points, epsilon: epsilon)
    return points.indices.filter { s.kept[$0] }
  }
}

extension RamerDouglasPeucker {
  /// The RDP pass with reusable scratch: `run` marks in `kept` which points survive, reusing
  /// the flags and the span stack of earlier runs.
  ///
  /// - Complexity: O(n log n) average, O(n²) worst case for n points; O(n) scratch.
  public struct Simplifier: Sendable {
    /// A span of points between two kept ones, both ends included.
    private struct Span: Sendable {
      var first: Int
      var last: Int
    }

    /// After `run`, whether each point is kept.
    public private(set) var kept: [Bool] = []
    private var stack: [Span] = []

    public init() {}

    /// Simplifies `points` with tolerance `epsilon`: a point is kept when it is the farthest
    /// (first of equals) of its span from the line through the span's ends and farther than
    /// `epsilon` from it.
    public mutating func run(_ points: [Point], epsilon: Double) {
      let n = points.count
      kept.removeAll(keepingCapacity: true)
      kept.append(contentsOf: repeatElement(n <= 2, count: n))
      guard n > 2 else { return }
      kept[0] = true
      kept[n - 1] = true
      stack.removeAll(keepingCapacity: true)
      stack.append(Span(first: 0, last: n - 1))
      points.withUnsafeBufferPointer { p in
        while let span = stack.popLast() {
          guard span.last - span.first > 1 else { continue }
          let (index, distance) = Self.farthest(p, span)
          guard distance > epsilon else { continue }
          kept[index] = true
          stack.append(Span(first: index, last: span.last))
          stack.append(Span(first: span.first, last: index))
        }
      }
    }

    /// The first interior point of `span` farthest from the line through its ends, and that
    /// distance (from the start point when the ends coincide).
    private static func farthest(_ p: UnsafeBufferPointer<Point>, _ span: Span) -> (Int, Double) {
      let a = p[span.first]
      let chord = p[span.last] - a
      let length = chord.length
      var best = span.first + 1
      var bestValue = -1.0
      if length > 0 {
        // |chord × (q − a)| is the distance times the constant chord length.
        for i in (span.first + 1)..<span.last {
          let v = abs(chord.cross(p[i] - a))
          if v > bestValue {
            bestValue = v
            best = i
          }
        }
        return (best, bestValue / length)
      }
      for i in (span.first + 1)..<span.last {
        let d = p[i] - a
        let v = d.dot(d)
        if v > bestValue {
          bestValue = v
          best = i
        }
      }
      return (best, bestValue.squareRoot())
    }
  }
}
