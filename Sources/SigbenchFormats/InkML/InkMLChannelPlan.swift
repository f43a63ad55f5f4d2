/// How the channels of one InkML trace format (`<traceFormat>`, `<channel>`) become `Sample`
/// fields.
///
/// - Channel order: `<channel>` children of `<traceFormat>` (or of a `<regularChannels>`
///   wrapper) are regular; those in `<intermittentChannels>` follow. No trace format: X Y.
/// - Scale: a `resolution` channel property r > 0 (`units="1/cm"`) makes a value raw / r in
///   that unit; a resolution of 0 (Word writes one for F) is ignored with a note. Otherwise the
///   channel's `units`. `orientation="-ve"` negates.
/// - X, Y: a physical length unit (mm, cm, m, in, pt, pc, himetric, px) converts to CSS px.
///   No unit, `dev`, or an unknown unit is *not physical*: positions stay raw and the reader
///   scales the drawing to a nominal size instead (`DrawingMetadata.nominalScale`).
/// - T: `units` (default ms) to seconds; relative to the `respectTo` timestamp, else the
///   context's timestamp, else an unknown origin.
/// - F: (v − min) / (max − min) when `max` is declared (min defaults to 0); else `%` (the
///   REC default) divides by 100; else (`dev` without a range) the reader divides by the
///   largest value in the file and says so.
/// - OTx, OTy → tilt and azimuth (`InkMLUnits.tiltAzimuth`); OA → azimuth; OE (elevation) →
///   tilt = π/2 − OE. Angles default to degrees. OA/OE win over OTx/OTy when both exist.
/// - Other channels (Z, S, B1…, W, colour…) are decoded but not used; a note lists them.
/// - `DecodeOptions.unitsOverride` (a length unit such as `mm`) applies to X/Y that state no
///   physical unit, instead of the nominal scale.
struct InkMLChannelPlan {
  enum PressureRule: Equatable {
    case range(min: Double, max: Double)
    case percent
    case observedMaximum
  }

  var grammarChannels: [InkMLTraceGrammar.Channel] = []
  var x = 0
  var y = 1
  var xScale = 1.0
  var yScale = 1.0
  /// Both X and Y have a physical unit.
  var physical = false
  /// Unit description for `DrawingMetadata.nativeUnits`.
  var positionUnits = "unitless"
  var time: Int?
  var timeScale = 1e-3
  /// Absolute time (s) that T values count from, when the file states one.
  var timeAnchor: Double?
  var pressure: Int?
  var pressureRule = PressureRule.percent
  var tiltX: Int?
  var tiltY: Int?
  var tiltXScale = Double.pi / 180
  var tiltYScale = Double.pi / 180
  var azimuth: Int?
  var elevation: Int?
  var azimuthScale = Double.pi / 180
  var elevationScale = Double.pi / 180
  var notes: [String] = []

  /// Builds the plan for a trace read with `context`. Throws when a channel has no name or
  /// X or Y is missing.
  static func make(
    context: InkMLContext, references: InkMLReferences, file: String,
    unitsOverride: String? = nil
  ) throws(FormatError) -> InkMLChannelPlan {
    var plan = InkMLChannelPlan()
    // `DecodeOptions.unitsOverride` names the length unit of X/Y that state none usable.
    let override = unitsOverride.flatMap { u in InkMLUnits.pxPerLengthUnit(u).map { (u, $0) } }
    func useOverride(_ sx: Double, _ sy: Double) -> Bool {
      guard let (unit, px) = override else { return false }
      plan.physical = true
      plan.xScale = sx * px
      plan.yScale = sy * px
      plan.positionUnits = unit
      plan.notes.append("X/Y state no physical unit: read as \(unit) (units override)")
      return true
    }
    var declared: [XMLElementNode] = []
    var intermittent: [XMLElementNode] = []
    if let format = context.traceFormat {
      for child in format.children {
        switch child.name {
        case "channel": declared.append(child)
        case "regularChannels": declared += child.children(named: "channel")
        case "intermittentChannels": intermittent += child.children(named: "channel")
        default: break
        }
      }
    }
    let formatLocation = context.traceFormat?.location ?? .file
    if declared.isEmpty && intermittent.isEmpty {
      plan.grammarChannels = [
        .init(name: "X", isIntermittent: false, defaultValue: nil),
        .init(name: "Y", isIntermittent: false, defaultValue: nil),
      ]
      plan.notes.append("no traceFormat: channels X Y (the InkML default)")
      plan.positionUnits = "unitless"
      _ = useOverride(1, 1)
      return plan
    }
    let nodes = declared + intermittent
    for (i, node) in nodes.enumerated() {
      guard let name = node["name"], !name.isEmpty else {
        throw FormatError(
          .malformed, file: file, location: node.location, field: "channel",
          rule: "must have a name attribute", value: "no name")
      }
      var defaultValue: Double?
      if let d = node["default"]?.trimmingSpaces, !d.isEmpty {
        switch d {
        case "T": defaultValue = 1
        case "F": defaultValue = 0
        default:
          guard let v = XMLNumberScanner.parse(d), v.isFinite else {
            throw FormatError(
              .invalidValue, file: file, location: node.location, field: "default",
              rule: "must be a finite number, T or F (channel \(name))", value: d)
          }
          defaultValue = v
        }
      }
      plan.grammarChannels.append(
        .init(name: name, isIntermittent: i >= declared.count, defaultValue: defaultValue))
    }
    func index(_ name: String) -> Int? { plan.grammarChannels.firstIndex { $0.name == name } }
    guard let xi = index("X"), let yi = index("Y") else {
      throw FormatError(
        .malformed, file: file, location: formatLocation, field: "traceFormat",
        rule: "must declare channels X and Y",
        value: plan.grammarChannels.map(\.name).joined(separator: " "))
    }
    plan.x = xi
    plan.y = yi
    let properties = resolutionProperties(context.inkSource)

    // Scale of a channel: (multiplier, unit) from resolution or units, plus its sign.
    func scale(_ i: Int, defaultUnit: String?) -> (Double, String?, Double) {
      let node = nodes[i]
      let name = plan.grammarChannels[i].name
      var unit = node["units"].map(\.trimmingSpaces).flatMap { $0.isEmpty ? nil : $0 }
      var multiplier = 1.0
      if let (r, rUnit) = properties[name] {
        if r > 0 && r.isFinite {
          multiplier = 1 / r
          if let u = rUnit { unit = u }
        } else {
          plan.notes.append("\(name) resolution \(r) ignored (not a positive number)")
        }
      }
      let sign: Double = node["orientation"]?.trimmingSpaces == "-ve" ? -1 : 1
      return (multiplier, unit ?? defaultUnit, sign)
    }

    let (xm, xu, xs) = scale(xi, defaultUnit: nil)
    let (ym, yu, ys) = scale(yi, defaultUnit: nil)
    if let xu, let yu, let px = InkMLUnits.pxPerLengthUnit(xu),
      let py = InkMLUnits.pxPerLengthUnit(yu)
    {
      plan.physical = true
      plan.xScale = xs * xm * px
      plan.yScale = ys * ym * py
      plan.positionUnits = xu == yu ? xu : "\(xu)/\(yu)"
      if xm != 1 || ym != 1 {
        plan.positionUnits += " (resolution \(1 / xm)/\(xu))"
      }
    } else if !useOverride(xs * xm, ys * ym) {
      plan.xScale = xs * xm
      plan.yScale = ys * ym
      let shown = [xu, yu].compactMap { $0 }
      plan.positionUnits = shown.isEmpty ? "unitless" : shown.joined(separator: "/")
    }
    if xs < 0 || ys < 0 { plan.notes.append("-ve orientation channels negated") }

    if let ti = index("T") {
      plan.time = ti
      let (m, u, s) = scale(ti, defaultUnit: "ms")
      var perUnit = InkMLUnits.secondsPerTimeUnit(u ?? "ms")
      if perUnit == nil {
        plan.notes.append("T unit '\(u ?? "")' unknown; read as ms")
        perUnit = 1e-3
      }
      plan.timeScale = s * m * perUnit!
      let respectTo = nodes[ti]["respectTo"]
      if let ts = references.resolve(respectTo, as: "timestamp") ?? context.timestamp {
        plan.timeAnchor = references.timestampSeconds(ts)
      }
    }
    if let fi = index("F") {
      plan.pressure = fi
      let node = nodes[fi]
      let minValue = node["min"].flatMap(XMLNumberScanner.parse) ?? 0
      let maxValue = node["max"].flatMap(XMLNumberScanner.parse)
      let unit = node["units"]?.trimmingSpaces ?? "%"
      if let (r, _) = properties["F"], !(r > 0) {
        plan.notes.append("F resolution \(r) ignored (not a positive number)")
      }
      if let maxValue, maxValue.isFinite, minValue.isFinite, maxValue > minValue {
        plan.pressureRule = .range(min: minValue, max: maxValue)
      } else if unit == "%" {
        plan.pressureRule = .percent
      } else {
        plan.pressureRule = .observedMaximum
        plan.notes.append(
          "F in '\(unit)' declares no max: pressure divided by the largest F value in the file")
      }
    }
    func angle(_ name: String) -> (Int, Double)? {
      guard let i = index(name) else { return nil }
      let (m, u, s) = scale(i, defaultUnit: "deg")
      var perUnit = InkMLUnits.radiansPerAngleUnit(u ?? "deg")
      if perUnit == nil {
        plan.notes.append("\(name) unit '\(u ?? "")' unknown; read as degrees")
        perUnit = Double.pi / 180
      }
      return (i, s * m * perUnit!)
    }
    if let (i, s) = angle("OA") { (plan.azimuth, plan.azimuthScale) = (i, s) }
    if let (i, s) = angle("OE") { (plan.elevation, plan.elevationScale) = (i, s) }
    if plan.azimuth == nil && plan.elevation == nil {
      if let (i, s) = angle("OTx") { (plan.tiltX, plan.tiltXScale) = (i, s) }
      if let (i, s) = angle("OTy") { (plan.tiltY, plan.tiltYScale) = (i, s) }
    }
    let used: Set<String> = ["X", "Y", "T", "F", "OA", "OE", "OTx", "OTy"]
    let unused = plan.grammarChannels.map(\.name).filter { !used.contains($0) }
    if !unused.isEmpty {
      plan.notes.append("channels \(unused.joined(separator: " ")) read but not used")
    }
    return plan
  }

  /// `resolution` channel properties of an ink source: channel name → (value, unit), where the
  /// unit is the property's `units` with a leading `1/` removed.
  static func resolutionProperties(_ source: XMLElementNode?) -> [String: (Double, String?)] {
    guard let source else { return [:] }
    var result: [String: (Double, String?)] = [:]
    var properties: [XMLElementNode] = source.children(named: "channelProperty")
    for group in source.children(named: "channelProperties") {
      properties += group.children(named: "channelProperty")
    }
    for p in properties where p["name"]?.trimmingSpaces == "resolution" {
      guard let channel = p["channel"]?.trimmingSpaces, let text = p["value"],
        let value = XMLNumberScanner.parse(text)
      else { continue }
      var unit = p["units"]?.trimmingSpaces
      if let u = unit, u.hasPrefix("1/") { unit = String(u.dropFirst(2)) }
      result[channel] = (value, unit?.isEmpty == true ? nil : unit)
    }
    return result
  }
}
