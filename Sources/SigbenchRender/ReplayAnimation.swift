import SigbenchCore

/// An animated GIF of one drawing being drawn sample by sample at its real timing, through one
/// or several strategies side by side: stable ink in the ink colour, the tentative tail in the
/// tentative colour, so the strategy's lag and what it revises are visible.
///
/// Each panel is an `IncrementalCanvas` fed exactly as a capture view would be (`push` per
/// sample, `finish` and `endStroke()` at pen-up), the strategies interleaved event by event
/// through `StrokeReplay.step`. Frames are taken every `frameInterval` seconds of drawing time
/// (longer when the drawing would need more than `maxFrames`), each frame showing every sample
/// whose time has passed; the GIF delay of each frame is the real time until the next, so
/// playback runs at the recorded speed (GIF delays are in 1/100 s).
/// Untimed drawings are played at `untimedRate` samples per second.
///
/// - Complexity: O(samples × strategies) pushes plus O(frames × panel pixels).
public struct ReplayAnimation: Sendable {
  /// One panel's render spec (size, supersampling, colours; the tentative colour should be set).
  public var spec: RenderSpec
  /// Drawing time between frames, seconds (≥ 0.02).
  public var frameInterval = 0.04
  /// Upper bound on frames; the interval grows to respect it.
  public var maxFrames = 600
  /// How long the finished picture stays before the loop restarts, seconds.
  public var holdAtEnd = 1.5
  /// Sample rate assumed for untimed drawings, Hz.
  public var untimedRate = 60.0
  /// Height of the label strip above each panel, pixels.
  public var labelHeight = 16

  public init(spec: RenderSpec) { self.spec = spec }

  /// One pen event on the drawing's clock.
  struct Event {
    var time: Double
    var stroke: Int
    /// Sample index, or `nil` for the stroke's `finish`.
    var sample: Int?
  }

  /// The drawing's events in time order (stable for equal times).
  func events(_ drawing: Drawing) -> [Event] {
    var out: [Event] = []
    var index = 0
    for (s, stroke) in drawing.strokes.enumerated() {
      var last = out.last?.time ?? 0
      for (i, sample) in stroke.samples.enumerated() {
        let t = sample.time.flatMap { $0.isFinite ? $0 : nil } ?? Double(index) / untimedRate
        last = max(last, t)
        out.append(Event(time: last, stroke: s, sample: i))
        index += 1
      }
      if !stroke.samples.isEmpty { out.append(Event(time: last, stroke: s, sample: nil)) }
    }
    return out
  }

  /// The GIF bytes for `drawing` through `strategies`, panels left to right.
  public func gif(_ drawing: Drawing, strategies: [ConfiguredStrategy]) throws(RenderError)
    -> [UInt8]
  {
    guard !strategies.isEmpty else { throw .vector("replay needs at least one strategy") }
    let bounds = (drawing.bounds ?? Rect(origin: .zero, size: .zero)).insetBy(-6)
    let t = DrawingRenderer(spec: spec).fitTransform(bounds)
    var panels = strategies.map { _ in IncrementalCanvas(spec: spec, transform: t) }
    var instances: [any SmoothingStrategy] = strategies.map { $0.makeInstance() }
    var output = StrokeOutput()
    let width = spec.width * strategies.count
    let height = spec.height + labelHeight
    let animation = try GIFAnimation(width: width, height: height)
    let frame = try GDImage(width: width, height: height)
    frame.fill(x: 0, y: 0, width: width, height: height, color: .white)
    let glyph = GDImage.Font.small.glyphSize
    for (i, s) in strategies.enumerated() {
      frame.drawString(
        s.label, x: i * spec.width + 4, y: (labelHeight - glyph.height) / 2, font: .small,
        color: RGBA(40, 40, 40), maxWidth: spec.width - 8)
    }
    let events = events(drawing)
    let start = events.first?.time ?? 0
    let end = events.last?.time ?? 0
    let interval = max(frameInterval, 0.02, (end - start) / Double(max(1, maxFrames - 1)))
    var next = 0
    var frameTime = start
    var currentStroke = -1
    while true {
      while next < events.count, events[next].time <= frameTime + 1e-9 {
        let e = events[next]
        if e.stroke != currentStroke {
          for k in panels.indices { instances[k] = strategies[k].makeInstance() }
          currentStroke = e.stroke
        }
        let sample = e.sample.map { drawing.strokes[e.stroke].samples[$0] }
        for k in panels.indices {
          StrokeReplay.step(&instances[k], sample, into: &output)
          panels[k].apply(output)
          if sample == nil { panels[k].endStroke() }
        }
        next += 1
      }
      for (k, p) in panels.enumerated() {
        p.makeCanvas().write(into: frame, x: k * spec.width, y: labelHeight)
      }
      let done = next >= events.count
      try animation.add(frame, delay: done ? holdAtEnd : interval)
      if done { break }
      frameTime += interval
    }
    return [UInt8](try animation.finish())
  }
}
