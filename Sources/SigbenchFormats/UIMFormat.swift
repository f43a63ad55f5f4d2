import Foundation
import SigbenchCore

/// Wacom Universal Ink Model 3.1 (`.uim`), read only (stroke-formats.md §8).
///
/// Container: `RIFF <size> UINK`, then `HEAD` (file version 3.1.0 + one 8-byte descriptor per
/// content chunk: chunk version major/minor/patch, content type, compression, 3 reserved),
/// then the content chunks in descriptor order. Only the `INPT` chunk (input data, protobuf)
/// is decoded, with `ProtobufReader` and `UIMInputData`; brushes, spline ink (`INKD`),
/// knowledge graph and structure are skipped. Compressed chunks (ZIP, LZMA) and UIM 3.0
/// (`DATA` chunk, another schema) are rejected as unsupported versions.
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
/// carries `provider` and `sensorDataIndex` attributes.
///
/// Cost: O(bytes).
public struct UIMFormat: StrokeFormat {
  static let providerNames = ["pen", "touch", "mouse", "controller"]
  static let pxPerMetre = 96 / 0.0254

  public init() {}

  public let descriptor = FormatDescriptor(
    id: "uim", name: "Wacom Universal Ink Model 3.1 (.uim)", extensions: ["uim"],
    canWrite: false,
    units: "sensor channels: m → CSS px (×3779.53), ms → s, pressure 0–1, rad",
    summary: "RIFF + protobuf; raw sensor data runs, not the spline ink.")

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
    let riff = try RIFFChunks.read(&r)
    guard riff.form == "UINK" else {
      throw r.error("RIFF form type", "must be \"UINK\"", riff.form, at: 8)
    }
    guard let head = riff.chunks.first, head.id == "HEAD", head.size >= 4 else {
      throw r.error(
        "HEAD", "must be the first chunk, at least 4 bytes", riff.chunks.first?.id ?? "none",
        at: 12)
    }
    let version = (b[head.offset], b[head.offset + 1], b[head.offset + 2])
    guard version.0 == 3, version.1 == 1 else {
      throw FormatError(
        .unsupportedVersion, file: file, location: .byte(head.offset), field: "HEAD version",
        rule: "must be 3.1.x (UIM 3.0 and older are not supported)",
        value: "\(version.0).\(version.1).\(version.2)")
    }
    let descriptorCount = (head.size - 4) / 8
    let content = Array(riff.chunks.dropFirst())
    var input: RIFFChunks.Chunk?
    for (k, chunk) in content.enumerated() where chunk.id == "INPT" {
      guard k < descriptorCount else {
        throw r.error(
          "HEAD", "must describe every content chunk", "\(descriptorCount) descriptor(s)",
          at: head.offset)
      }
      let d = head.offset + 4 + 8 * k
      guard b[d + 3] == 1 else {
        throw FormatError(
          .unsupportedVersion, file: file, location: .byte(d + 3), field: "INPT content type",
          rule: "must be 1 (protobuf)", value: String(b[d + 3]))
      }
      guard b[d + 4] == 0 else {
        throw FormatError(
          .unsupportedVersion, file: file, location: .byte(d + 4), field: "INPT compression",
          rule: "must be 0 (none); ZIP and LZMA chunks are not supported", value: String(b[d + 4]))
      }
      input = chunk
    }
    guard let input else {
      return DecodeResult(drawings: [
        Drawing(
          name: file, strokes: [],
          metadata: DrawingMetadata(
            source: "Wacom Universal Ink Model 3.1", nativeUnits: "m",
            notes: ["no INPT chunk: the file holds no sensor data"]))
      ])
    }
    let model = try UIMInputData.parse(
      BinaryByteReader(slice: r, from: input.offset, to: input.offset + input.size))
    return try convert(model, file: file, options: options, reader: r)
  }

  private struct Trace {
    var stroke: Stroke
    var hover: Bool
    var provider: Int
    var offset: Int
  }

  private func convert(
    _ model: UIMInputData, file: String, options: DecodeOptions, reader r: BinaryByteReader
  ) throws(FormatError) -> DecodeResult {
    var rules = SampleRules(file: file, options: options)
    try rules.checkStrokeCount(model.sensorData.count)
    var dropped = Set<String>()
    var origin: Int64?
    for sd in model.sensorData {
      guard sd.timestamp <= UInt64(Int64.max / 2) else {
        throw r.error(
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
        throw r.error(
          "SensorData.inputContextID", "must name an input context with a sensor context",
          hex(sd.inputContextID), at: sd.offset)
      }
      var byType: [String: (UIMInputData.Channel, UIMInputData.ChannelData)] = [:]
      for cd in sd.channels {
        guard let ch = channels[cd.channelID] else {
          throw r.error(
            "ChannelData.sensorChannelID", "must name a channel of the run's sensor context",
            hex(cd.channelID), at: cd.offset)
        }
        byType[ch.shortType] = (ch, cd)
      }
      guard let (xc, xd) = byType["X"], let (yc, yd) = byType["Y"] else {
        throw r.error(
          "SensorData.dataChannels", "must include X and Y channels",
          byType.keys.sorted().joined(separator: ","), at: sd.offset)
      }
      let n = xd.values.count
      guard n <= options.maxSamplesPerStroke else {
        throw FormatError(
          .limitExceeded, file: file, location: .byte(sd.offset), field: "SensorData \(index)",
          rule:
            "must have at most \(options.maxSamplesPerStroke) samples (limit maxSamplesPerStroke)",
          value: String(n))
      }
      for (name, (_, cd)) in byType where cd.values.count != n {
        throw r.error(
          "ChannelData \(name)", "must have as many values as X (\(n))", String(cd.values.count),
          at: cd.offset)
      }
      func divisor(_ c: UIMInputData.Channel, _ cd: UIMInputData.ChannelData) throws(FormatError)
        -> Double
      {
        let d = c.resolution * pow(10, Double(min(c.precision, 30)))
        guard d.isFinite, d > 0 else {
          throw r.error(
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
        try rules.check(&s, strokeIndex: t.hover ? hover.count : ink.count) { _ in .byte(at) }
        if t.hover { hover.append(s) } else { ink.append(s) }
      }
      var metadata = DrawingMetadata(
        source: "Wacom Universal Ink Model 3.1", sampleRate: DrawingInfo.rate(fromSteps: steps),
        nativeUnits: "m (sensor channels)")
      metadata.device = UIMFormat.providerNames[p]
      metadata.notes =
        [
          "sensor data decoded as running sums / (resolution·10^precision); X, Y metres × 3779.53 → CSS px",
          "time: seconds from the earliest sensor-data timestamp (epoch ms \(origin ?? 0))",
          "tilt = π/2 − altitude; azimuth wrapped into [0, 2π)",
          "read from the INPT sensor data; the INKD spline ink is not read",
        ] + dropped.sorted()
      let name = providersSeen.count > 1 ? "\(file)#\(UIMFormat.providerNames[p])" : file
      drawings.append(Drawing(name: name, strokes: ink, hover: hover, metadata: metadata))
    }
    if drawings.isEmpty {
      drawings.append(
        Drawing(
          name: file, strokes: [],
          metadata: DrawingMetadata(
            source: "Wacom Universal Ink Model 3.1", nativeUnits: "m (sensor channels)",
            notes: ["the INPT chunk holds no sensor data"])))
    }
    return DecodeResult(drawings: drawings, warnings: rules.warnings)
  }

  private func hex(_ bytes: [UInt8]) -> String {
    bytes.isEmpty ? "(empty)" : bytes.map { String(format: "%02x", $0) }.joined()
  }
}
