import CSigbenchStrategyABI
import SigbenchCore

/// One stroke of a library strategy as a `SmoothingStrategy` instance: `create` at the first
/// call, `push` per sample and `finish` into buffers this instance owns (made once per stroke),
/// copied into the caller's `StrokeOutput`, and `destroy` when the instance goes.
///
/// A failed call (a failing `create`, an error or a full buffer) is recorded with the
/// library's `CallFailureLog` and ends the stroke: later calls write nothing.
///
/// - Complexity: one library call and a copy of what it wrote per push; no allocation per
///   push once the caller's output has grown (the buffers are the stroke's).
struct LibraryStrokeInstance: SmoothingStrategy {
  struct Settings: Sendable {
    let library: LibraryStrategy
    let options: LibraryOptions
  }

  /// Not a catalog type: each library strategy's descriptor comes from its manifest.
  static let descriptor = StrategyDescriptor(
    id: "library", summary: "A stroke of a library strategy (its manifest describes it).",
    details: "", parameters: [])

  static func settings(from configuration: StrategyConfiguration) throws -> Settings {
    throw StrategyError.unknownStrategy(id: configuration.strategyID, suggestion: nil, known: [])
  }

  private let stroke: LibraryStroke

  init(settings: Settings) { stroke = LibraryStroke(settings) }

  mutating func process(_ sample: Sample, into output: inout StrokeOutput) {
    var s = sigbench_sample(
      x: sample.x, y: sample.y, t: sample.time ?? 0, pressure: sample.pressure ?? 0,
      tilt: sample.tilt ?? 0, azimuth: sample.azimuth ?? 0, channels: 0)
    if sample.time != nil { s.channels |= UInt32(SIGBENCH_HAS_TIME) }
    if sample.pressure != nil { s.channels |= UInt32(SIGBENCH_HAS_PRESSURE) }
    if sample.tilt != nil { s.channels |= UInt32(SIGBENCH_HAS_TILT) }
    if sample.azimuth != nil { s.channels |= UInt32(SIGBENCH_HAS_AZIMUTH) }
    stroke.call("push", into: &output) { table, state, out in
      withUnsafePointer(to: &s) { table.push(state, $0, out) }
    }
  }

  mutating func complete(into output: inout StrokeOutput) {
    stroke.call("finish", into: &output) { table, state, out in table.finish(state, out) }
    stroke.end()
  }
}

/// A library stroke's state and the buffers it writes into (a class: the instance is copied
/// freely, and the state is destroyed once).
final class LibraryStroke {
  let settings: LibraryStrokeInstance.Settings
  private var state: UnsafeMutableRawPointer?
  private var created = false
  private var failed = false
  private var buffers = LibraryOutputBuffers(items: 64)
  private var output = sigbench_output()

  init(_ settings: LibraryStrokeInstance.Settings) { self.settings = settings }

  deinit {
    if let state { settings.library.table.pointee.destroy(state) }
  }

  private var table: sigbench_strategy_table { settings.library.table.pointee }

  private func fail(_ message: String) {
    failed = true
    let lib = settings.library
    lib.log.record(
      LibraryStrategy.LoadError(
        strategy: lib.manifest.id, library: lib.manifest.libraryPath ?? "", message: message))
  }

  /// Runs `call` (push or finish) into fresh buffers, growing them and calling again while the
  /// library answers that they are full, then copies what it wrote into `output`.
  func call(
    _ name: String, into result: inout StrokeOutput,
    _ call: (
      sigbench_strategy_table, UnsafeMutableRawPointer, UnsafeMutablePointer<sigbench_output>
    )
      -> Int32
  ) {
    result.clear()
    guard !failed else { return }
    if !created {
      created = true
      var error = [CChar](repeating: 0, count: 512)
      state = table.create(
        settings.options.options, settings.options.count, &error, error.count)
      if state == nil {
        let text = error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        fail("create failed: \(String(decoding: text, as: UTF8.self))")
        return
      }
    }
    guard let state else { return }
    while true {
      buffers.prepare(&output)
      let code = call(table, state, &output)
      if code == Int32(SIGBENCH_OK) { break }
      if code == Int32(SIGBENCH_FULL), buffers.items < LibraryOutputBuffers.maximumItems {
        buffers = LibraryOutputBuffers(items: buffers.items * 4)
        continue
      }
      let message =
        code == Int32(SIGBENCH_FULL)
        ? "its \(name) needs more than \(LibraryOutputBuffers.maximumItems) items of one kind"
        : "\(name) returned \(code): \(String(cString: buffers.error))"
      fail(message)
      return
    }
    buffers.read(output.stable, into: &result.stable)
    buffers.read(output.tentative, into: &result.tentative)
    if output.has_prediction != 0 {
      result.prediction = PenPrediction(
        point: Point(x: output.prediction_x, y: output.prediction_y), time: output.prediction_t)
    }
  }

  /// After the finish: a reused instance starts a new stroke.
  func end() {
    if let state { table.destroy(state) }
    state = nil
    created = false
    failed = false
  }
}

/// The arrays a library writes one call's geometry into: `items` of each kind per geometry.
final class LibraryOutputBuffers {
  /// Largest capacity of one kind, items: buffers grow ×4 from 64 up to this.
  static let maximumItems = 1 << 20
  let items: Int
  private let stable: Arrays
  private let tentative: Arrays
  let error: UnsafeMutablePointer<CChar>

  struct Arrays {
    let centerline, discs, bands, stamps, points: UnsafeMutablePointer<Double>
    let kinds: UnsafeMutablePointer<Int32>
    init(_ n: Int) {
      centerline = .allocate(capacity: 10 * n)
      discs = .allocate(capacity: 3 * n)
      bands = .allocate(capacity: 13 * n)
      stamps = .allocate(capacity: 14 * n)
      points = .allocate(capacity: 6 * n)
      kinds = .allocate(capacity: n)
    }
    func free() {
      for p in [centerline, discs, bands, stamps, points] { p.deallocate() }
      kinds.deallocate()
    }
    func geometry(_ n: Int) -> sigbench_geometry {
      sigbench_geometry(
        centerline: centerline, centerline_count: 0, centerline_capacity: n, discs: discs,
        discs_count: 0, discs_capacity: n, bands: bands, bands_count: 0, bands_capacity: n,
        stamps: stamps, stamps_count: 0, stamps_capacity: n, outline_kinds: kinds,
        outline_points: points, outline_count: 0, outline_capacity: n, outline_stroke_width: 0)
    }
  }

  init(items: Int) {
    self.items = items
    stable = Arrays(items)
    tentative = Arrays(items)
    error = .allocate(capacity: 512)
  }

  deinit {
    stable.free()
    tentative.free()
    error.deallocate()
  }

  /// `output` emptied onto these buffers.
  func prepare(_ output: inout sigbench_output) {
    error[0] = 0
    output = sigbench_output(
      stable: stable.geometry(items), tentative: tentative.geometry(items), has_prediction: 0,
      prediction_x: 0, prediction_y: 0, prediction_t: 0, error: error, error_capacity: 512)
  }

  /// The cubic piece of 10 doubles at `b`: four points, then the widths at its ends.
  private static func segment(_ b: UnsafeMutablePointer<Double>) -> CenterlineSegment {
    CenterlineSegment(
      start: Point(x: b[0], y: b[1]), control1: Point(x: b[2], y: b[3]),
      control2: Point(x: b[4], y: b[5]), end: Point(x: b[6], y: b[7]), startWidth: b[8],
      endWidth: b[9])
  }

  /// What the library wrote into `g` appended to `ink` (counts clamped to the capacity).
  func read(_ g: sigbench_geometry, into ink: inout InkGeometry) {
    let n = items
    let c = g.centerline!
    for i in 0..<min(g.centerline_count, n) { ink.append(Self.segment(c + 10 * i)) }
    let d = g.discs!
    for i in 0..<min(g.discs_count, n) {
      let b = d + 3 * i
      ink.append(Disc(center: Point(x: b[0], y: b[1]), radius: b[2]))
    }
    let bands = g.bands!
    for i in 0..<min(g.bands_count, n) {
      let b = bands + 13 * i
      ink.append(
        RoundBand(
          segment: Self.segment(b + 2), origin: Point(x: b[0], y: b[1]), isStraight: b[12] == 1))
    }
    let stamps = g.stamps!
    for i in 0..<min(g.stamps_count, n) {
      let b = stamps + 14 * i
      ink.append(
        StampRun(
          start: Point(x: b[2], y: b[3]), control1: Point(x: b[4], y: b[5]),
          control2: Point(x: b[6], y: b[7]), end: Point(x: b[8], y: b[9]),
          origin: Point(x: b[0], y: b[1]), startRadius: b[10], endRadius: b[11],
          maxRadius: b[12], count: max(1, Int(exactly: b[13].rounded()) ?? 1)))
    }
    let kinds = g.outline_kinds!
    let points = g.outline_points!
    for i in 0..<min(g.outline_count, n) {
      let p = points + 6 * i
      switch Int(kinds[i]) {
      case Int(SIGBENCH_PATH_MOVE): ink.append(.move(Point(x: p[0], y: p[1])))
      case Int(SIGBENCH_PATH_LINE): ink.append(.line(Point(x: p[0], y: p[1])))
      case Int(SIGBENCH_PATH_QUAD):
        ink.append(.quad(control: Point(x: p[0], y: p[1]), to: Point(x: p[2], y: p[3])))
      case Int(SIGBENCH_PATH_CUBIC):
        ink.append(
          .cubic(
            control1: Point(x: p[0], y: p[1]), control2: Point(x: p[2], y: p[3]),
            to: Point(x: p[4], y: p[5])))
      default: ink.append(.close)
      }
    }
    ink.outlineStrokeWidth = g.outline_stroke_width
  }
}
