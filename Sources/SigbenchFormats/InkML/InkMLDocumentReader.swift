import SigbenchCore

/// Walks a parsed InkML document and collects its ink (`<trace>`, `<traceGroup>`,
/// `<traceView>`, `<definitions>`, contexts, brushes and annotations).
///
/// - Traces directly under `<ink>` or in (nested) `<traceGroup>`s are drawn in document
///   order; traces inside `<definitions>` are drawn only when a `<traceView>` selects them.
/// - A `<traceView>` whose target is already drawn is a label (CROHME symbol groups) and adds
///   nothing; otherwise the target trace (or every trace of a target group) is drawn once, with
///   `from`/`to` (1-based, inclusive point indices) selecting a sub-range.
/// - `type="penUp"` traces go to `Drawing.hover`; `penDown` and `indeterminate` are ink.
/// - `continuation="middle|end"` with a resolvable `priorRef` appends to the prior trace's
///   stroke and continues its difference history.
/// - The current context is set by top-level `<context>` (layered on the previous one) and
///   `<traceFormat>` elements; `contextRef`/`brushRef` on groups and traces override it.
/// - Brush properties become `Stroke.attributes`.
struct InkMLDocumentReader {
  /// One decoded trace, still in raw units where the decision needs the whole file.
  struct Trace {
    var samples: [Sample]
    var lines: [Int]
    var attributes: [String: String]
    var hover: Bool
    /// Pressure still needs dividing by the file's largest F value.
    var pressureRaw: Bool
    /// Absolute time (s) the file states T counts from, if any.
    var anchor: Double?
  }

  let root: XMLElementNode
  let file: String
  let options: DecodeOptions
  let references: InkMLReferences
  var traces: [Trace] = []
  var warnings: [FormatWarning] = []
  var notes: [String] = []
  var physical = true
  var positionUnits: String?
  var firstContext: InkMLContext?
  private var planCache: [InkMLContext.PlanKey: InkMLChannelPlan] = [:]
  private var brushCache: [ObjectIdentifier: [String: String]] = [:]
  private var directTraces = Set<ObjectIdentifier>()
  private var viewed = Set<String>()
  /// Trace element → (index in `traces`, grammar state after it), for traces that a
  /// continuation may follow (`continuation="begin"` or `"middle"`).
  private var emitted: [ObjectIdentifier: (Int, InkMLTraceGrammar)] = [:]

  init(root: XMLElementNode, file: String, options: DecodeOptions) {
    self.root = root
    self.file = file
    self.options = options
    references = InkMLReferences(root: root)
  }

  mutating func note(_ text: String) {
    if !notes.contains(text) { notes.append(text) }
  }

  mutating func warn(_ location: FileLocation, _ message: String) {
    warnings.append(FormatWarning(file: file, location: location, message: message))
  }

  /// Reads every trace of the document.
  mutating func read() throws(FormatError) {
    collectDirect(root)
    var current = InkMLContext()
    for child in root.children {
      switch child.name {
      case "context": current = references.context(child, base: current)
      case "traceFormat": current.traceFormat = child
      case "trace": try emit(child, context: current, brushRef: nil, range: nil)
      case "traceGroup": try group(child, context: current, brushRef: nil)
      case "traceView": try view(child, context: current, brushRef: nil)
      default: break
      }
    }
  }

  private mutating func collectDirect(_ node: XMLElementNode) {
    for child in node.children {
      if child.name == "trace" { directTraces.insert(ObjectIdentifier(child)) }
      if child.name == "traceGroup" { collectDirect(child) }
    }
  }

  private mutating func group(
    _ node: XMLElementNode, context: InkMLContext, brushRef: String?
  ) throws(FormatError) {
    var ctx = context
    if let c = references.resolve(node["contextRef"], as: "context") {
      ctx = references.context(c, base: context)
    }
    let brush = node["brushRef"] ?? brushRef
    for child in node.children {
      switch child.name {
      case "trace": try emit(child, context: ctx, brushRef: brush, range: nil)
      case "traceGroup": try group(child, context: ctx, brushRef: brush)
      case "traceView": try view(child, context: ctx, brushRef: brush)
      default: break
      }
    }
  }

  private mutating func view(
    _ node: XMLElementNode, context: InkMLContext, brushRef: String?
  ) throws(FormatError) {
    let ref = node["traceDataRef"]
    guard let target = references.resolve(ref) else {
      warn(node.location, "traceView references unknown id '\(ref ?? "")'; ignored")
      return
    }
    var range: ClosedRange<Int>?
    if node["from"] != nil || node["to"] != nil {
      let from = node["from"].flatMap { Int($0.trimmingSpaces) } ?? 1
      let to = node["to"].flatMap { Int($0.trimmingSpaces) } ?? Int.max
      if from >= 1, to >= from {
        range = from...to
      } else {
        warn(node.location, "traceView from/to not simple 1-based indices; whole trace used")
      }
    }
    let brush = node["brushRef"] ?? brushRef
    switch target.name {
    case "trace":
      try viewTrace(target, context: context, brushRef: brush, range: range)
    case "traceGroup":
      var stack = [target]
      var seen = 0
      while let g = stack.popLast(), seen < 100_000 {
        seen += 1
        for child in g.children.reversed() {
          if child.name == "traceGroup" { stack.append(child) }
        }
        for child in g.children where child.name == "trace" {
          try viewTrace(child, context: context, brushRef: brush, range: nil)
        }
      }
    default:
      warn(node.location, "traceView target '\(ref ?? "")' is a \(target.name); ignored")
    }
  }

  private mutating func viewTrace(
    _ trace: XMLElementNode, context: InkMLContext, brushRef: String?, range: ClosedRange<Int>?
  ) throws(FormatError) {
    guard !directTraces.contains(ObjectIdentifier(trace)) else { return }
    let key = "\(ObjectIdentifier(trace).hashValue):\(range.map { "\($0)" } ?? "all")"
    guard viewed.insert(key).inserted else { return }
    try emit(trace, context: context, brushRef: brushRef, range: range)
  }

  private mutating func plan(for context: InkMLContext) throws(FormatError) -> InkMLChannelPlan {
    if let p = planCache[context.planKey] { return p }
    let p = try InkMLChannelPlan.make(
      context: context, references: references, file: file, unitsOverride: options.unitsOverride)
    for n in p.notes { note(n) }
    planCache[context.planKey] = p
    return p
  }

  private mutating func emit(
    _ node: XMLElementNode, context: InkMLContext, brushRef: String?, range: ClosedRange<Int>?
  ) throws(FormatError) {
    var ctx = context
    if let c = references.resolve(node["contextRef"], as: "context") {
      ctx = references.context(c, base: context)
    }
    if firstContext == nil { firstContext = ctx }
    let plan = try plan(for: ctx)
    physical = physical && plan.physical
    if positionUnits == nil { positionUnits = plan.positionUnits }
    let kind = node["type"]?.trimmingSpaces ?? "penDown"
    if kind == "indeterminate" { note("indeterminate traces read as ink") }
    let name = node["id"].map { "trace '\($0)'" } ?? "trace at line \(node.line)"

    // Continuation of an earlier trace: same stroke, same difference history.
    var continued: Int?
    var grammar = InkMLTraceGrammar(channels: plan.grammarChannels)
    if let c = node["continuation"]?.trimmingSpaces, c == "middle" || c == "end",
      let prior = references.resolve(node["priorRef"], as: "trace"),
      let (index, state) = emitted[ObjectIdentifier(prior)],
      state.channels.map(\.name) == grammar.channels.map(\.name)
    {
      continued = index
      grammar = state
    }
    if continued == nil {
      try SampleRules(file: file, options: options).checkStrokeCount(traces.count + 1)
    }
    let (data, grammarWarnings) = try grammar.decode(
      node.text,
      context: .init(
        file: file, traceName: name, startLine: node.line,
        maxPoints: options.maxSamplesPerStroke))
    for (line, message) in grammarWarnings { warn(.line(line), message) }

    var samples: [Sample] = []
    var lines: [Int] = []
    let points =
      range.map { max(0, $0.lowerBound - 1)..<min(data.pointCount, $0.upperBound) }
      ?? 0..<data.pointCount
    samples.reserveCapacity(points.count)
    lines.reserveCapacity(points.count)
    var unknownPositions = 0
    let base =
      (plan.timeAnchor ?? 0)
      + (node["timeOffset"].flatMap(XMLNumberScanner.parse).map { $0 * plan.timeScale } ?? 0)
    for p in points {
      let rx = data[p, plan.x]
      let ry = data[p, plan.y]
      if rx.isNaN || ry.isNaN {
        unknownPositions += 1
        continue
      }
      var s = Sample(x: rx * plan.xScale, y: ry * plan.yScale)
      if let t = plan.time, case let v = data[p, t], !v.isNaN { s.time = base + v * plan.timeScale }
      if let f = plan.pressure, case let v = data[p, f], !v.isNaN {
        switch plan.pressureRule {
        case .range(let lo, let hi): s.pressure = (v - lo) / (hi - lo)
        case .percent: s.pressure = v / 100
        case .observedMaximum: s.pressure = v
        }
      }
      if plan.azimuth != nil || plan.elevation != nil {
        if let a = plan.azimuth, case let v = data[p, a], !v.isNaN {
          s.azimuth = InkMLUnits.normalisedAzimuth(v * plan.azimuthScale)
        }
        if let e = plan.elevation, case let v = data[p, e], !v.isNaN {
          s.tilt = min(Double.pi / 2, max(0, Double.pi / 2 - v * plan.elevationScale))
        }
      } else if plan.tiltX != nil || plan.tiltY != nil {
        let tx = plan.tiltX.map { data[p, $0] * plan.tiltXScale } ?? 0
        let ty = plan.tiltY.map { data[p, $0] * plan.tiltYScale } ?? 0
        if !tx.isNaN && !ty.isNaN {
          (s.tilt, s.azimuth) = InkMLUnits.tiltAzimuth(tiltX: tx, tiltY: ty)
        }
      }
      samples.append(s)
      lines.append(data.pointLines[p])
    }
    if unknownPositions > 0 {
      warn(node.location, "\(name): \(unknownPositions) point(s) with unknown X or Y dropped")
    }
    let continuable = node["continuation"].map { $0.contains("begin") || $0.contains("middle") }
    if let index = continued {
      traces[index].samples += samples
      traces[index].lines += lines
      if continuable == true { emitted[ObjectIdentifier(node)] = (index, grammar) }
      return
    }
    guard !samples.isEmpty else {
      warn(node.location, "\(name): empty trace skipped")
      return
    }
    let brush = references.resolve(node["brushRef"] ?? brushRef, as: "brush") ?? ctx.brush
    var attributes: [String: String] = [:]
    if let b = brush {
      if let cached = brushCache[ObjectIdentifier(b)] {
        attributes = cached
      } else {
        attributes = references.brushAttributes(b)
        brushCache[ObjectIdentifier(b)] = attributes
      }
    }
    traces.append(
      Trace(
        samples: samples, lines: lines, attributes: attributes,
        hover: kind == "penUp", pressureRaw: plan.pressureRule == .observedMaximum,
        anchor: plan.timeAnchor))
    if continuable == true { emitted[ObjectIdentifier(node)] = (traces.count - 1, grammar) }
  }
}
