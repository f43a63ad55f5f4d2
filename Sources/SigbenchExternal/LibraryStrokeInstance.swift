import CSigbenchStrategyABI
import SigbenchCore

/// One stroke of a library strategy as a `SmoothingStrategy` instance, used only in a worker
/// process (where the library is loaded): `create` with the instance, `push` per sample and
/// `finish` into buffers leased from the library's pool, copied into the caller's
/// `StrokeOutput`, and `destroy` when the instance goes.
///
/// A failed call (a failing `create`, an error or a full buffer past the largest size) is
/// recorded with the library's `CallFailureLog` and ends the stroke: later calls write nothing.
///
/// - Complexity: one library call and a copy of what it wrote per push; no allocation per
///   push once the caller's output has grown and the pool holds buffers.
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
    stroke.call(push: &s, into: &output)
  }

  mutating func complete(into output: inout StrokeOutput) {
    stroke.call(push: nil, into: &output)
    stroke.end()
  }
}

/// A library stroke (a class: the instance is copied freely, and the state is destroyed once).
/// The state is created with the instance, outside any push; the buffers are leased from the
/// library's pool and given back, so after the first strokes sigbench's part allocates
/// nothing. What a push touches sits behind one pointer (`Hot`), so it is read without the
/// exclusivity checks of a class's stored properties.
final class LibraryStroke {
  let settings: LibraryStrokeInstance.Settings
  /// The library's state and the output block, read and written on every call.
  struct Hot {
    var state: UnsafeMutableRawPointer?
    var failed = false
    var output = sigbench_output()
    /// The attached buffers' capacity, items of each kind.
    var items = 0
    let push:
      @convention(c) (
        UnsafeMutableRawPointer?, UnsafePointer<sigbench_sample>?,
        UnsafeMutablePointer<sigbench_output>?
      ) -> Int32
    let finish:
      @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<sigbench_output>?)
        -> Int32
  }
  private let hot: UnsafeMutablePointer<Hot>
  /// `hot`'s output block and its two geometries (stable addresses: `hot` is allocated once),
  /// computed once so a call reads them without a lazy global's check.
  private let out: UnsafeMutablePointer<sigbench_output>
  private let stableGeometry: UnsafePointer<sigbench_geometry>
  private let tentativeGeometry: UnsafePointer<sigbench_geometry>
  /// Why `create` failed, reported at the first call (inside the caller's watch).
  private var createError: String?
  private var buffers: LibraryOutputBuffers

  init(_ settings: LibraryStrokeInstance.Settings) {
    self.settings = settings
    let table = settings.library.table.pointee
    hot = .allocate(capacity: 1)
    hot.initialize(to: Hot(state: nil, push: table.push, finish: table.finish))
    let raw = UnsafeMutableRawPointer(hot)
    out = (raw + MemoryLayout<Hot>.offset(of: \Hot.output)!)
      .assumingMemoryBound(to: sigbench_output.self)
    stableGeometry = UnsafePointer(
      (UnsafeMutableRawPointer(out) + MemoryLayout<sigbench_output>.offset(of: \.stable)!)
        .assumingMemoryBound(to: sigbench_geometry.self))
    tentativeGeometry = UnsafePointer(
      (UnsafeMutableRawPointer(out) + MemoryLayout<sigbench_output>.offset(of: \.tentative)!)
        .assumingMemoryBound(to: sigbench_geometry.self))
    buffers = settings.library.leaseBuffers()
    buffers.attach(&hot.pointee.output)
    hot.pointee.items = buffers.items
    create()
  }

  deinit {
    if let state = hot.pointee.state { settings.library.table.pointee.destroy(state) }
    settings.library.returnBuffers(buffers)
    hot.deinitialize(count: 1)
    hot.deallocate()
  }

  private func create() {
    var error = [CChar](repeating: 0, count: 512)
    let table = settings.library.table.pointee
    hot.pointee.state = table.create(
      settings.options.options, settings.options.count, &error, error.count)
    if hot.pointee.state == nil {
      let text = error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
      createError = "create failed: \(String(decoding: text, as: UTF8.self))"
    }
  }

  private func fail(_ message: String) {
    hot.pointee.failed = true
    let lib = settings.library
    lib.log.record(
      LibraryStrategy.LoadError(
        strategy: lib.manifest.id, library: lib.manifest.libraryPath ?? "", message: message))
  }

  /// Calls `push` with `sample`, or `finish` when it is nil, into the emptied buffers (growing
  /// them and calling again while the library answers that they are full), then copies what it
  /// wrote into `result`, which the caller has cleared.
  @inline(__always)
  func call(push sample: UnsafeMutablePointer<sigbench_sample>?, into result: inout StrokeOutput) {
    let h = hot
    guard !h.pointee.failed else { return }
    guard let state = h.pointee.state else { return slowStart(sample, into: &result) }
    let out = out
    LibraryOutputBuffers.empty(&out.pointee)
    let code = sample.map { h.pointee.push(state, $0, out) } ?? h.pointee.finish(state, out)
    guard code == Int32(SIGBENCH_OK) else { return retry(code, sample, into: &result) }
    let n = h.pointee.items
    LibraryOutputBuffers.read(stableGeometry, n, into: &result.stable)
    LibraryOutputBuffers.read(tentativeGeometry, n, into: &result.tentative)
    if out.pointee.has_prediction != 0 {
      result.prediction = PenPrediction(
        point: Point(x: out.pointee.prediction_x, y: out.pointee.prediction_y),
        time: out.pointee.prediction_t)
    }
  }

  /// The first call after a failed `create`, or after `end` (a reused instance).
  private func slowStart(
    _ sample: UnsafeMutablePointer<sigbench_sample>?, into result: inout StrokeOutput
  ) {
    if createError == nil { create() }
    if let message = createError { return fail(message) }
    call(push: sample, into: &result)
  }

  /// After a call that did not succeed: grow and call again when the buffers were full, else
  /// fail with what the library said.
  private func retry(
    _ code: Int32, _ sample: UnsafeMutablePointer<sigbench_sample>?,
    into result: inout StrokeOutput
  ) {
    let name = sample == nil ? "finish" : "push"
    if code == Int32(SIGBENCH_FULL), buffers.items < LibraryOutputBuffers.maximumItems {
      settings.library.returnBuffers(buffers)
      buffers = LibraryOutputBuffers(items: buffers.items * 4)
      buffers.attach(&hot.pointee.output)
      hot.pointee.items = buffers.items
      return call(push: sample, into: &result)
    }
    fail(
      code == Int32(SIGBENCH_FULL)
        ? "its \(name) needs more than \(LibraryOutputBuffers.maximumItems) items of one kind"
        : "\(name) returned \(code): \(String(cString: buffers.error))")
  }

  /// After the finish: a reused instance starts a new stroke (a new state at its next call).
  func end() {
    if let state = hot.pointee.state { settings.library.table.pointee.destroy(state) }
    hot.pointee.state = nil
    hot.pointee.failed = false
    createError = nil
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

  /// `output` pointed at these buffers, emptied.
  func attach(_ output: inout sigbench_output) {
    output = sigbench_output(
      stable: stable.geometry(items), tentative: tentative.geometry(items), has_prediction: 0,
      prediction_x: 0, prediction_y: 0, prediction_t: 0, error: error, error_capacity: 512)
    error[0] = 0
  }

  /// Every count of `output` back to 0 before a call (the buffers stay attached).
  @inline(__always) static func empty(_ output: inout sigbench_output) {
    empty(&output.stable)
    empty(&output.tentative)
    output.has_prediction = 0
    output.error[0] = 0
  }

  @inline(__always) private static func empty(_ g: inout sigbench_geometry) {
    g.centerline_count = 0
    g.discs_count = 0
    g.bands_count = 0
    g.stamps_count = 0
    g.outline_count = 0
    g.outline_stroke_width = 0
  }

  /// The cubic piece of 10 doubles at `b`: four points, then the widths at its ends.
  private static func segment(_ b: UnsafeMutablePointer<Double>) -> CenterlineSegment {
    CenterlineSegment(
      start: Point(x: b[0], y: b[1]), control1: Point(x: b[2], y: b[3]),
      control2: Point(x: b[4], y: b[5]), end: Point(x: b[6], y: b[7]), startWidth: b[8],
      endWidth: b[9])
  }

  /// What the library wrote into `*g` appended to `ink` (counts clamped to the capacity
  /// `n`); kinds it left empty cost one comparison each.
  @inline(__always)
  static func read(_ g: UnsafePointer<sigbench_geometry>, _ n: Int, into ink: inout InkGeometry) {
    let counts = (
      g.pointee.centerline_count, g.pointee.discs_count, g.pointee.bands_count,
      g.pointee.stamps_count, g.pointee.outline_count
    )
    if counts.0 > 0, let c = g.pointee.centerline {
      for i in 0..<min(counts.0, n) { ink.append(segment(c + 10 * i)) }
    }
    if counts.1 > 0, let d = g.pointee.discs {
      for i in 0..<min(counts.1, n) {
        let b = d + 3 * i
        ink.append(Disc(center: Point(x: b[0], y: b[1]), radius: b[2]))
      }
    }
    if counts.2 > 0, let bands = g.pointee.bands {
      for i in 0..<min(counts.2, n) {
        let b = bands + 13 * i
        ink.append(
          RoundBand(
            segment: segment(b + 2), origin: Point(x: b[0], y: b[1]), isStraight: b[12] == 1))
      }
    }
    if counts.3 > 0 || counts.4 > 0 { readRare(g, n, into: &ink) }
    ink.outlineStrokeWidth = g.pointee.outline_stroke_width
  }

  /// Stamp runs and path elements (kinds fewer strategies write).
  static func readRare(_ g: UnsafePointer<sigbench_geometry>, _ n: Int, into ink: inout InkGeometry)
  {
    if let stamps = g.pointee.stamps {
      for i in 0..<min(g.pointee.stamps_count, n) {
        let b = stamps + 14 * i
        ink.append(
          StampRun(
            start: Point(x: b[2], y: b[3]), control1: Point(x: b[4], y: b[5]),
            control2: Point(x: b[6], y: b[7]), end: Point(x: b[8], y: b[9]),
            origin: Point(x: b[0], y: b[1]), startRadius: b[10], endRadius: b[11],
            maxRadius: b[12], count: max(1, Int(exactly: b[13].rounded()) ?? 1)))
      }
    }
    guard let kinds = g.pointee.outline_kinds, let points = g.pointee.outline_points else {
      return
    }
    for i in 0..<min(g.pointee.outline_count, n) {
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
  }

}
