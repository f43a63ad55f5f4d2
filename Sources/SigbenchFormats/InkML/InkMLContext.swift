/// The parts of an InkML `<context>` a trace needs: its trace format,
/// ink source (channel properties, sample rate, device), brush and timestamp. Each part is the
/// element that defines it, found through `…Ref` attributes or child elements.
struct InkMLContext {
  var traceFormat: XMLElementNode?
  var inkSource: XMLElementNode?
  var brush: XMLElementNode?
  var timestamp: XMLElementNode?

  /// Identity of the parts that decide how values convert, for caching channel plans.
  struct PlanKey: Hashable {
    var traceFormat: ObjectIdentifier?
    var inkSource: ObjectIdentifier?
    var timestamp: ObjectIdentifier?
  }

  var planKey: PlanKey {
    PlanKey(
      traceFormat: traceFormat.map(ObjectIdentifier.init),
      inkSource: inkSource.map(ObjectIdentifier.init),
      timestamp: timestamp.map(ObjectIdentifier.init))
  }
}

/// Resolves references and contexts inside one InkML document.
///
/// References are URIs: a leading `#` is stripped and the rest is looked up among both `xml:id`
/// and plain `id` attributes (Office writes `#ctx0`, CROHME writes `0`). Chains
/// (`contextRef`, `brushRef`, `timestampRef`) are followed at most `maxChain` deep, so a cycle
/// cannot loop.
struct InkMLReferences {
  static let maxChain = 32
  var byID: [String: XMLElementNode] = [:]

  init(root: XMLElementNode) {
    var stack = [root]
    while let node = stack.popLast() {
      if let id = node["id"], byID[id] == nil { byID[id] = node }
      stack.append(contentsOf: node.children.reversed())
    }
  }

  /// The element a reference points at, if any.
  func resolve(_ reference: String?) -> XMLElementNode? {
    guard var ref = reference?.trimmingSpaces, !ref.isEmpty else { return nil }
    if ref.hasPrefix("#") { ref.removeFirst() }
    return byID[ref]
  }

  /// The element a reference points at, if it has the expected local name.
  func resolve(_ reference: String?, as name: String) -> XMLElementNode? {
    guard let node = resolve(reference), node.name == name else { return nil }
    return node
  }

  /// A `<context>` element with everything it inherits through `contextRef`, layered on `base`.
  func context(_ node: XMLElementNode, base: InkMLContext = InkMLContext(), depth: Int = 0)
    -> InkMLContext
  {
    var c = base
    if depth < InkMLReferences.maxChain,
      let parent = resolve(node["contextRef"], as: "context"), parent !== node
    {
      c = context(parent, base: base, depth: depth + 1)
    }
    var ownFormat: XMLElementNode?
    var ownSource: XMLElementNode?
    if let f = resolve(node["traceFormatRef"], as: "traceFormat") { ownFormat = f }
    if let s = resolve(node["inkSourceRef"], as: "inkSource") { ownSource = s }
    if let b = resolve(node["brushRef"], as: "brush") { c.brush = b }
    if let t = resolve(node["timestampRef"], as: "timestamp") { c.timestamp = t }
    for child in node.children {
      switch child.name {
      case "traceFormat": ownFormat = child
      case "inkSource": ownSource = child
      case "brush": c.brush = child
      case "timestamp": c.timestamp = child
      default: break
      }
    }
    if let source = ownSource {
      c.inkSource = source
      // A new ink source brings its own trace format unless the context names one.
      if ownFormat == nil {
        ownFormat =
          source.child("traceFormat") ?? resolve(source["traceFormatRef"], as: "traceFormat")
      }
    }
    if let f = ownFormat { c.traceFormat = f }
    return c
  }

  /// Brush properties (`<brushProperty name value units?>`), including those inherited
  /// through the brush's own `brushRef`. A property with `units` also yields `name.units`.
  /// Values are kept as text.
  func brushAttributes(_ brush: XMLElementNode?) -> [String: String] {
    var chain: [XMLElementNode] = []
    var current = brush
    while let b = current, chain.count < InkMLReferences.maxChain,
      !chain.contains(where: { $0 === b })
    {
      chain.append(b)
      current = resolve(b["brushRef"], as: "brush")
    }
    var attributes: [String: String] = [:]
    for b in chain.reversed() {
      for p in b.children where p.name == "brushProperty" {
        guard let name = p["name"], !name.isEmpty, let value = p["value"] else { continue }
        attributes[name] = value
        if let units = p["units"], !units.isEmpty { attributes[name + ".units"] = units }
      }
    }
    return attributes
  }

  /// Absolute time of a `<timestamp>` in seconds (epoch-based when it gives `timeString`; the
  /// file's own origin when it gives `time` in ms), following `timestampRef` + `timeOffset` (ms).
  /// `nil` when it states no time.
  func timestampSeconds(_ node: XMLElementNode, depth: Int = 0) -> Double? {
    if let t = node["time"].flatMap(XMLNumberScanner.parse), t.isFinite { return t / 1000 }
    if let s = node["timeString"], let t = InkMLDateTime.secondsSinceEpoch(s) { return t }
    if depth < InkMLReferences.maxChain,
      let ref = resolve(node["timestampRef"], as: "timestamp"), ref !== node,
      let base = timestampSeconds(ref, depth: depth + 1)
    {
      let offset = node["timeOffset"].flatMap(XMLNumberScanner.parse) ?? 0
      return offset.isFinite ? base + offset / 1000 : base
    }
    return nil
  }
}

extension String {
  /// Without leading and trailing ASCII whitespace.
  var trimmingSpaces: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
    let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
    return String(scalars[first...last])
  }
}

/// Parses the ISO 8601 date-times InkML `timeString` uses (`2024-11-17T14:40:01.152`, with or
/// without a `Z` or `±hh:mm` zone; no zone is read as UTC).
enum InkMLDateTime {
  static func secondsSinceEpoch(_ text: String) -> Double? {
    let s = Array(text.trimmingSpaces.utf8)
    func int(_ from: Int, _ count: Int) -> Int? {
      guard from + count <= s.count else { return nil }
      var v = 0
      for c in s[from..<(from + count)] {
        guard c &- 48 < 10 else { return nil }
        v = v * 10 + Int(c &- 48)
      }
      return v
    }
    guard s.count >= 19, let year = int(0, 4), s[4] == 45, let month = int(5, 2), s[7] == 45,
      let day = int(8, 2), s[10] == 84 || s[10] == 32, let hour = int(11, 2), s[13] == 58,
      let minute = int(14, 2), s[16] == 58, let second = int(17, 2),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
    else { return nil }
    var i = 19
    var fraction = 0.0
    if i < s.count, s[i] == 46 {
      var scale = 0.1
      i += 1
      while i < s.count, s[i] &- 48 < 10 {
        fraction += Double(s[i] &- 48) * scale
        scale /= 10
        i += 1
      }
    }
    var zone = 0
    if i < s.count {
      if s[i] == 90 {
        i += 1
      } else if s[i] == 43 || s[i] == 45, let zh = int(i + 1, 2) {
        var zm = 0
        var j = i + 3
        if j < s.count, s[j] == 58 { j += 1 }
        if let m = int(j, 2) {
          zm = m
          j += 2
        }
        zone = (zh * 60 + zm) * 60 * (s[i] == 45 ? -1 : 1)
        i = j
      }
    }
    guard i == s.count else { return nil }
    // Days from 1970-01-01 to the civil date (proleptic Gregorian).
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let mp = (month + 9) % 12
    let doy = (153 * mp + 2) / 5 + day - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    let days = era * 146_097 + doe - 719_468
    return Double(days * 86_400 + hour * 3600 + minute * 60 + second - zone) + fraction
  }
}
