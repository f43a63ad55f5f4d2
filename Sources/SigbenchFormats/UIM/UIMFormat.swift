import Foundation
import SigbenchCore
import SigbenchResults

/// Wacom Universal Ink Model 3.0 and 3.1 (`.uim`), read only (format and sample files:
/// Wacom-Developer/universal-ink-library, Apache-2.0).
///
/// `UIMContainer` finds the `InputData` protobuf message: the 3.1 `INPT` chunk (uncompressed,
/// ZIP or LZMA — `UIMChunkCompression`, output capped at `maxFileBytes`), or field 1 of the 3.0
/// `InkObject` in the `DATA` chunk. `UIMInputData` decodes either schema with
/// `ProtobufReader`; brushes, spline ink (`INKD`), knowledge graph and structure are skipped.
///
/// Each `SensorData` run becomes one trace: state PLANE or IN_VOLUME → ink, HOVERING or
/// VOLUME_HOVERING → hover. Its channel values are integer deltas; the decoded value is the
/// running sum divided by `resolution · 10^precision` of the channel (the timestamp channel
/// starts from the run's `timestamp`). Then:
/// - X, Y (LENGTH, metres): × 96/0.0254 to CSS px (the samples declare 96 dpi, 3779.53/m);
///   y already grows downward;
/// - TIMESTAMP (TIME, ms): seconds from the earliest run's timestamp, computed in integers
///   before one division so no rounding accumulates;
/// - PRESSURE (NORMALIZED): as is; any other metric is scaled by the channel's min/max;
/// - ALTITUDE (ANGLE, rad): tilt = π/2 − altitude; AZIMUTH (rad, clockwise from +x in y-down
///   screen space, as pointer events define it): wrapped into [0, 2π);
/// - Z, ROTATION, RADIUS_X/Y: no sigbench channel; dropped with a note.
/// When runs come from several input provider types (pen, touch, mouse) each type becomes its
/// own drawing, `file#pen`, `file#touch` …, since their channels and rates differ. Every trace
/// carries `provider` and `sensorDataIndex` attributes. Errors inside a compressed chunk name
/// the chunk's file offset and the byte offset in the decompressed payload.
///
/// Cost: O(bytes), plus O(decompressed bytes) for a compressed chunk.
public struct UIMFormat: StrokeFormat {
  static let providerNames = ["pen", "touch", "mouse", "controller"]
  static let pxPerMetre = 96 / 0.0254

  public init() {}

  public let descriptor = FormatDescriptor(
    id: "uim", name: "Wacom Universal Ink Model 3.0/3.1 (.uim)", extensions: ["uim"],
    canWrite: false,
    units: "sensor channels: m → CSS px (×3779.53), ms → s, pressure 0–1, rad",
    summary:
      "RIFF + protobuf (3.0 DATA chunk; 3.1 INPT chunk uncompressed, ZIP/deflate or LZMA); raw sensor data runs, not the spline ink.",
    manyDrawingsPerFile: true)

  public func sniff(_ data: Data) -> Bool {
    data.count >= 12 && data.prefix(4).elementsEqual(Array("RIFF".utf8))
      && data.dropFirst(8).prefix(4).elementsEqual(Array("UINK".utf8))
  }

  public func decode(_ data: Data, file: String, options: DecodeOptions) throws(FormatError)
    -> DecodeResult
  {
    let rules = SampleRules(file: file, options: options)
    try rules.checkFileSize(data.count)
    return try withBytes(data) { (b) throws(FormatError) in
      try decodeBytes(b, file: file, options: options)
    }
  }

  private func decodeBytes(_ b: UnsafeBufferPointer<UInt8>, file: String, options: DecodeOptions)
    throws(FormatError) -> DecodeResult
  {
    var r = BinaryByteReader(b, file: file)
    let container = try UIMContainer.read(&r)
    let source = "Wacom Universal Ink Model \(container.version)"
    func slice(_ c: RIFFChunks.Chunk) -> BinaryByteReader {
      BinaryByteReader(slice: r, from: c.offset, to: c.offset + c.size)
    }
    switch container.input {
    case .absent:
      return DecodeResult(drawings: [
        Drawing(
          name: file, strokes: [],
          metadata: DrawingMetadata(
            source: source, nativeUnits: "m",
            notes: ["no INPT chunk: the file holds no sensor data"]))
      ])
    case .inkObject(let chunk):
      let model = try UIMInputData.parseInkObject(slice(chunk))
      return try convert(
        model, file: file, options: options, source: source,
        notes: ["read from the InputData of the DATA chunk's InkObject (UIM 3.0)"]
      ) { .byte($0) }
    case .inputData(let chunk, .none):
      let model = try UIMInputData.parse(slice(chunk), schema: .v3_1)
      return try convert(
        model, file: file, options: options, source: source,
        notes: ["read from the INPT chunk's sensor data"]
      ) { .byte($0) }
    case .inputData(let chunk, let compression):
      let payload = try compression.decompress(
        slice(chunk), chunk: "INPT", limit: options.maxFileBytes)
      let place = "INPT chunk at byte \(chunk.offset), \(compression.name)-decompressed"
      let locate: (Int) -> FileLocation = { .path("\(place) byte \($0)") }
      return try withBytes(payload.data) { (inner) throws(FormatError) in
        do throws(FormatError) {
          let model = try UIMInputData.parse(BinaryByteReader(inner, file: file), schema: .v3_1)
          return try convert(
            model, file: file, options: options, source: source,
            notes: [
              "read from the INPT chunk's sensor data, \(compression.name)-compressed "
                + "(\(payload.framing), \(chunk.size) → \(payload.data.count) bytes)"
            ], locate: locate)
        } catch {
          var e = error
          if case .byte(let at) = e.location { e.location = locate(at) }
          throw e
        }
      }
    }
  }

  private struct Trace {
    var stroke: Stroke
    var hover: Bool
    var provider: Int
    var offset: Int
  }

  /// Converts the sensor data runs; `locate` turns an offset recorded in `model` into a place.
  private func convert(
    _ model: UIMInputData, file: String, options: DecodeOptions, source: String,
    notes: [String], locate: (Int) -> FileLocation
  ) throws(FormatError) -> DecodeResult {
    func fail(_ field: String, _ rule: String, _ value: String, at: Int) -> FormatError {
      FormatError(
        .malformed, file: file, location: locate(at), field: field, rule: rule, value: value)
    }
    var rules = SampleRules(file: file, options: options)
    try rules.checkStrokeCount(model.sensorData.count)
    var dropped = Set<String>()
    var origin: Int64?
    for sd in model.sensorData {
      guard sd.timestamp <= UInt64(Int64.max / 2) else {
        throw fail(
          "SensorData.timestamp", "must be below 2^62", String(sd.timestamp), at: sd.offset)
      }
      origin = min(origin ?? Int64(sd.timestamp), Int64(sd.timestamp))
    }
    var traces: [Trace] = []
    var steps: [Double] = []
    for (index, sd) in model.sensorData.enumerated() {
      guard let contextID = model.inputContexts[sd.inputContextID],
        let channels = model.sensorContexts[contextID]
      else {
        throw fail(
          "SensorData.inputContextID", "must name an input context with a sensor context",
          describeID(sd.inputContextID), at: sd.offset)
      }
      var byType: [String: (UIMInputData.Channel, UIMInputData.ChannelData)] = [:]
      for cd in sd.channels {
        guard let ch = channels[cd.channelID] else {
          throw fail(
            "ChannelData.sensorChannelID", "must name a channel of the run's sensor context",
            describeID(cd.channelID), at: cd.offset)
        }
        byType[ch.shortType] = (ch, cd)
      }
      guard let (xc, xd) = byType["X"], let (yc, yd) = byType["Y"] else {
        throw fail(
          "SensorData.dataChannels", "must include X and Y channels",
          byType.keys.sorted().joined(separator: ","), at: sd.offset)
      }
      let n = xd.values.count
      guard n <= options.maxSamplesPerStroke else {
        throw FormatError(
          .limitExceeded, file: file, location: locate(sd.offset), field: "SensorData \(index)",
          rule:
            "must have at most \(options.maxSamplesPerStroke) samples (limit maxSamplesPerStroke)",
          value: String(n))
      }
      for (name, (_, cd)) in byType where cd.values.count != n {
        throw fail(
          "ChannelData \(name)", "must have as many values as X (\(n))", String(cd.values.count),
          at: cd.offset)
      }
      func divisor(_ c: UIMInputData.Channel, _ cd: UIMInputData.ChannelData) throws(FormatError)
        -> Double
      {
        let d = c.resolution * pow(10, Double(min(c.precision, 30)))
        guard d.isFinite, d > 0 else {
          throw fail(
            "SensorChannel.resolution", "must give a positive finite resolution·10^precision",
            "\(c.resolution)·10^\(c.precision)", at: cd.offset)
        }
        return d
      }
      var samples = [Sample](repeating: Sample(x: 0, y: 0), count: n)
      let xScale = (xc.metric == 0 ? UIMFormat.pxPerMetre : 1) / (try divisor(xc, xd))
      let yScale = (yc.metric == 0 ? UIMFormat.pxPerMetre : 1) / (try divisor(yc, yd))
      var sx: Int64 = 0
      var sy: Int64 = 0
      for i in 0..<n {
        sx = sx &+ xd.values[i]
        sy = sy &+ yd.values[i]
        samples[i].x = Double(sx) * xScale
        samples[i].y = Double(sy) * yScale
      }
      if let (tc, td) = byType["Timestamp"] {
        let d = try divisor(tc, td)
        // The run's timestamp is in the channel's own units (ms for the samples): start there.
        var st = Int64(sd.timestamp) - (origin ?? 0)
        for i in 0..<n {
          st = st &+ td.values[i]
          samples[i].time = Double(st) / d
          if i > 0, let a = samples[i - 1].time, let b = samples[i].time { steps.append(b - a) }
        }
      }
      if let (pc, pd) = byType["Pressure"] {
        let d = try divisor(pc, pd)
        let span = Double(pc.max) - Double(pc.min)
        let normalise = pc.metric != 4 && span > 0
        var s: Int64 = 0
        for i in 0..<n {
          s = s &+ pd.values[i]
          let v = Double(s) / d
          samples[i].pressure = normalise ? (v - Double(pc.min)) / span : v
        }
        if normalise {
          dropped.insert("pressure scaled by its channel min/max (metric \(pc.metric))")
        }
      }
      if let (ac, ad) = byType["Altitude"] {
        let d = try divisor(ac, ad)
        var s: Int64 = 0
        for i in 0..<n {
          s = s &+ ad.values[i]
          samples[i].tilt = Double.pi / 2 - Double(s) / d
        }
      }
      if let (zc, zd) = byType["Azimuth"] {
        let d = try divisor(zc, zd)
        var s: Int64 = 0
        for i in 0..<n {
          s = s &+ zd.values[i]
          var a = (Double(s) / d).truncatingRemainder(dividingBy: 2 * Double.pi)
          if a < 0 { a += 2 * Double.pi }
          samples[i].azimuth = a < 2 * Double.pi ? a : 0
        }
      }
      for name in byType.keys
      where !["X", "Y", "Timestamp", "Pressure", "Altitude", "Azimuth"].contains(name) {
        dropped.insert("channel \(name) has no sigbench equivalent and was dropped")
      }
      let provider = Int(min(model.providers[xc.providerID] ?? 0, 3))
      let stroke = Stroke(
        samples: samples,
        attributes: [
          "provider": UIMFormat.providerNames[provider], "sensorDataIndex": String(index),
        ])
      traces.append(
        Trace(
          stroke: stroke, hover: sd.state == 1 || sd.state == 3, provider: provider,
          offset: sd.offset))
    }
    var providersSeen: [Int] = []
    for t in traces where !providersSeen.contains(t.provider) { providersSeen.append(t.provider) }
    var drawings: [Drawing] = []
    for p in providersSeen {
      var ink: [Stroke] = []
      var hover: [Stroke] = []
      for t in traces where t.provider == p {
        var s = t.stroke
        let at = t.offset
        try rules.check(&s, strokeIndex: t.hover ? hover.count : ink.count) { _ in locate(at) }
        if t.hover { hover.append(s) } else { ink.append(s) }
      }
      var metadata = DrawingMetadata(
        source: source, sampleRate: DrawingInfo.rate(fromSteps: steps),
        nativeUnits: "m (sensor channels)")
      metadata.device = UIMFormat.providerNames[p]
      metadata.notes =
        [
          "sensor data decoded as running sums / (resolution·10^precision); X, Y metres × 3779.53 → CSS px",
          "time: seconds from the earliest sensor-data timestamp (epoch ms \(origin ?? 0))",
          "tilt = π/2 − altitude; azimuth wrapped into [0, 2π)",
          "the spline ink (INKD / InkObject.inkData) is not read",
        ] + notes + dropped.sorted()
      let name = providersSeen.count > 1 ? "\(file)#\(UIMFormat.providerNames[p])" : file
      drawings.append(Drawing(name: name, strokes: ink, hover: hover, metadata: metadata))
    }
    if drawings.isEmpty {
      drawings.append(
        Drawing(
          name: file, strokes: [],
          metadata: DrawingMetadata(
            source: source, nativeUnits: "m (sensor channels)",
            notes: notes + ["the input data holds no sensor data"])))
    }
    return DecodeResult(drawings: drawings, warnings: rules.warnings)
  }

  /// An identifier for errors: a 3.0 string id as it is, a 3.1 UUID in hex.
  private func describeID(_ bytes: [UInt8]) -> String {
    if bytes.isEmpty { return "(empty)" }
    if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
      return String(decoding: bytes, as: UTF8.self)
    }
    return bytes.map { String(format: "%02x", $0) }.joined()
  }
}
