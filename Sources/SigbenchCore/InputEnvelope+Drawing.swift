extension InputEnvelope {
  /// The values of `drawing` a reader must not have let through, each as one line naming the
  /// drawing, the place, the field, the value and the bound ("sig stroke 0 sample 3: x = 1e+06
  /// must be at most 100000 CSS px in magnitude (…)"); at most `limit` of them, in reading order.
  ///
  /// What a reader delivers: every position finite and inside `position`, every time finite,
  /// inside `time` and strictly increasing within a stroke, pressure in [0, 1], tilt in
  /// [0, π/2], azimuth in [0, 2π), at most `samplesPerStroke` samples a stroke,
  /// `strokesPerFile` strokes and `samplesPerFile` samples (ink and hover) a drawing, and at
  /// most `truthPoints` ground-truth points, each inside `position`. The fuzz target
  /// (`scripts/fuzz/FuzzReader.swift`), the readers' mutation tests and `synth` hold every
  /// drawing they accept or make to this.
  ///
  /// - Complexity: O(n) for n samples and truth points; stops after `limit` findings.
  public static func violations(in drawing: Drawing, limit: Int = 3) -> [String] {
    var found: [String] = []
    func note(_ text: @autoclosure () -> String) -> Bool {
      found.append("\(drawing.name) \(text())")
      return found.count >= limit
    }
    func outside(_ bound: Bound, _ v: Double) -> Bool { !v.isFinite || !bound.admits(v) }
    if Double(drawing.strokes.count) > strokesPerFile.value,
      note("strokes: \(drawing.strokes.count) \(strokesPerFile.rule)")
    {
      return found
    }
    let total = drawing.sampleCount + drawing.hover.reduce(0) { $0 + $1.samples.count }
    if Double(total) > samplesPerFile.value, note("samples: \(total) \(samplesPerFile.rule)") {
      return found
    }
    for (kind, list) in [("stroke", drawing.strokes), ("hover", drawing.hover)] {
      for (i, s) in list.enumerated() {
        if Double(s.samples.count) > samplesPerStroke.value,
          note("\(kind) \(i): \(s.samples.count) samples \(samplesPerStroke.rule)")
        {
          return found
        }
        var last: Double?
        for (j, p) in s.samples.enumerated() {
          let at = "\(kind) \(i) sample \(j)"
          for (field, v) in [("x", p.x), ("y", p.y)] where outside(position, v) {
            if note("\(at): \(field) = \(v) \(position.rule)") { return found }
          }
          for (range, value) in [
            (pressure, p.pressure), (tilt, p.tilt), (azimuth, p.azimuth),
          ] {
            if let v = value, !range.admits(v), note("\(at): \(range.name) = \(v) \(range.rule)") {
              return found
            }
          }
          guard let t = p.time else { continue }
          if outside(time, t), note("\(at): time = \(t) \(time.rule)") { return found }
          if let l = last, !(t > l), note("\(at): time = \(t) must be after \(l)") { return found }
          last = t
        }
      }
    }
    guard let truth = drawing.groundTruth else { return found }
    let points = truth.strokes.reduce(0) { $0 + $1.count }
    if Double(points) > truthPoints.value,
      note("ground truth: \(points) points \(truthPoints.rule)")
    {
      return found
    }
    for (i, s) in truth.strokes.enumerated() {
      for (j, p) in s.enumerated() {
        for (field, v) in [("x", p.x), ("y", p.y)] where outside(position, v) {
          if note("ground truth stroke \(i) point \(j): \(field) = \(v) \(position.rule)") {
            return found
          }
        }
      }
    }
    return found
  }
}
