import Foundation

/// The part of the Wacom Universal Ink Model schema sigbench reads: the `InputData` message with
/// its sensor configuration and raw sensor samples — the `INPT` chunk of a 3.1 file, or field 1
/// of the 3.0 `InkObject` in the `DATA` chunk. Field numbers follow the
/// schemas published with Wacom's universal-ink-library (Apache-2.0), packages `UIM_3_1_0` and
/// `WacomInkFormat3` (3.0), which agree on every message and field below except:
/// - 3.0 identifiers are strings (3.1: 16-byte UUIDs); both are kept as raw bytes, only ever
///   compared with each other;
/// - 3.0 `SensorChannelsContext.samplingRateHint` (and `latency`) is a `Uint32` message with
///   the value in its field 1 (3.1: a plain `uint32`).
/// - `InkObject` (3.0 only): 1 inputData, 2 inkData, 3 brushes, 4 inkTree, 5 views,
///   6 knowledgeGraph, 7 transform, 8 properties; only field 1 is read (repeated occurrences
///   merge, as protobuf requires for a message field).
///
/// - `InputData`: 1 inputContextData, 2 sensorData (repeated)
/// - `InputContextData`: 1 inputContexts, 2 inkInputProviders, 3 inputDevices,
///   4 environments, 5 sensorContexts (all repeated)
/// - `InputContext`: 1 id, 2 environmentID, 3 sensorContextID
/// - `InkInputProvider`: 1 id, 2 type (PEN 0, TOUCH 1, MOUSE 2, CONTROLLER 3), 3 properties
/// - `InputDevice`: 1 id, 2 properties; `Property`: 1 name, 2 value
/// - `SensorContext`: 1 id, 2 sensorChannelsContext (repeated)
/// - `SensorChannelsContext`: 1 id, 2 channels, 3 samplingRateHint, 4 latency,
///   5 inkInputProviderID, 6 inputDeviceID
/// - `SensorChannel`: 1 id, 2 type (URI string), 3 metric (LENGTH 0, TIME 1, FORCE 2,
///   ANGLE 3, NORMALIZED 4, LOGICAL 5, DIMENSIONLESS 6), 4 resolution (double), 5 min,
///   6 max (float), 7 precision (uint32)
/// - `SensorData`: 1 id, 2 inputContextID, 3 state (PLANE 0, HOVERING 1, IN_VOLUME 2,
///   VOLUME_HOVERING 3), 4 timestamp (uint64, epoch ms), 5 dataChannels (repeated)
/// - `ChannelData`: 1 sensorChannelID, 2 values (repeated sint32, packed)
///
/// Identifiers are 16-byte UUIDs, kept as byte arrays.
struct UIMInputData {
  struct Channel {
    var id: [UInt8]
    var type: String
    /// The last path component of `type` ("X", "Timestamp").
    var shortType: String
    var metric: UInt64
    var resolution: Double
    var min: Float
    var max: Float
    var precision: UInt64
    var providerID: [UInt8]
    var deviceID: [UInt8]
    var samplingRateHint: UInt64
  }

  struct ChannelData {
    var channelID: [UInt8]
    var values: [Int64]
    var offset: Int
  }

  struct SensorData {
    var id: [UInt8]
    var inputContextID: [UInt8]
    var state: UInt64
    var timestamp: UInt64
    var channels: [ChannelData]
    var offset: Int
  }

  /// inputContext id → sensorContext id
  var inputContexts: [[UInt8]: [UInt8]] = [:]
  /// provider id → provider type
  var providers: [[UInt8]: UInt64] = [:]
  /// device id → properties
  var devices: [[UInt8]: [(String, String)]] = [:]
  /// sensorContext id → (channel id → channel)
  var sensorContexts: [[UInt8]: [[UInt8]: Channel]] = [:]
  var sensorData: [SensorData] = []

  /// The `InputData` message in `r` (a 3.1 `INPT` chunk).
  static func parse(_ r: BinaryByteReader, schema: UIMContainer.Schema) throws(FormatError)
    -> UIMInputData
  {
    var out = UIMInputData()
    try out.merge(ProtobufReader(r, message: "InputData"), schema: schema)
    return out
  }

  /// The `InputData` inside the 3.0 `InkObject` message in `r` (a 3.0 `DATA` chunk).
  static func parseInkObject(_ r: BinaryByteReader) throws(FormatError) -> UIMInputData {
    var out = UIMInputData()
    var m = ProtobufReader(r, message: "InkObject")
    while let f = try m.next() {
      if f.number == 1 { try out.merge(try m.message(f, "InputData"), schema: .v3_0) }
    }
    return out
  }

  private mutating func merge(_ reader: ProtobufReader, schema: UIMContainer.Schema)
    throws(FormatError)
  {
    var m = reader
    while let f = try m.next() {
      switch f.number {
      case 1: try parseContextData(try m.message(f, "InputContextData"), schema: schema)
      case 2:
        sensorData.append(
          try UIMInputData.parseSensorData(try m.message(f, "SensorData"), at: f.offset))
      default: break
      }
    }
  }

  private mutating func parseContextData(
    _ reader: ProtobufReader, schema: UIMContainer.Schema
  ) throws(FormatError) {
    var m = reader
    while let f = try m.next() {
      switch f.number {
      case 1:
        var c = try m.message(f, "InputContext")
        var id: [UInt8] = []
        var sensorContext: [UInt8] = []
        while let g = try c.next() {
          if g.number == 1 { id = try c.data(g) }
          if g.number == 3 { sensorContext = try c.data(g) }
        }
        inputContexts[id] = sensorContext
      case 2:
        var p = try m.message(f, "InkInputProvider")
        var id: [UInt8] = []
        var type: UInt64 = 0
        while let g = try p.next() {
          if g.number == 1 { id = try p.data(g) }
          if g.number == 2 { type = try p.uint(g) }
        }
        providers[id] = type
      case 3:
        var d = try m.message(f, "InputDevice")
        var id: [UInt8] = []
        var properties: [(String, String)] = []
        while let g = try d.next() {
          if g.number == 1 { id = try d.data(g) }
          if g.number == 2 {
            var p = try d.message(g, "Property")
            var name = ""
            var value = ""
            while let h = try p.next() {
              if h.number == 1 { name = try p.string(h) }
              if h.number == 2 { value = try p.string(h) }
            }
            properties.append((name, value))
          }
        }
        devices[id] = properties
      case 5:
        var s = try m.message(f, "SensorContext")
        var id: [UInt8] = []
        var channels: [Channel] = []
        while let g = try s.next() {
          if g.number == 1 { id = try s.data(g) }
          if g.number == 2 {
            channels += try UIMInputData.parseChannelsContext(
              try s.message(g, "SensorChannelsContext"), schema: schema)
          }
        }
        var byID: [[UInt8]: Channel] = [:]
        for c in channels where byID[c.id] == nil { byID[c.id] = c }
        sensorContexts[id] = byID
      default: break
      }
    }
  }

  private static func parseChannelsContext(
    _ reader: ProtobufReader, schema: UIMContainer.Schema
  ) throws(FormatError) -> [Channel] {
    var m = reader
    var channels: [Channel] = []
    var provider: [UInt8] = []
    var device: [UInt8] = []
    var rate: UInt64 = 0
    while let f = try m.next() {
      switch f.number {
      case 2:
        var c = try m.message(f, "SensorChannel")
        var ch = Channel(
          id: [], type: "", shortType: "", metric: 0, resolution: 1, min: 0, max: 0, precision: 0,
          providerID: [],
          deviceID: [], samplingRateHint: 0)
        while let g = try c.next() {
          switch g.number {
          case 1: ch.id = try c.data(g)
          case 2:
            ch.type = try c.string(g)
            ch.shortType = String(ch.type.split(separator: "/").last ?? "")
          case 3: ch.metric = try c.uint(g)
          case 4: ch.resolution = try c.double(g)
          case 5: ch.min = try c.float(g)
          case 6: ch.max = try c.float(g)
          case 7: ch.precision = try c.uint(g)
          default: break
          }
        }
        channels.append(ch)
      case 3:
        if schema == .v3_1 {
          rate = try m.uint(f)
        } else {
          var w = try m.message(f, "Uint32")
          while let g = try w.next() {
            if g.number == 1 { rate = try w.uint(g) }
          }
        }
      case 5: provider = try m.data(f)
      case 6: device = try m.data(f)
      default: break
      }
    }
    for i in channels.indices {
      channels[i].providerID = provider
      channels[i].deviceID = device
      channels[i].samplingRateHint = rate
    }
    return channels
  }

  private static func parseSensorData(_ reader: ProtobufReader, at offset: Int)
    throws(FormatError) -> SensorData
  {
    var m = reader
    var d = SensorData(
      id: [], inputContextID: [], state: 0, timestamp: 0, channels: [], offset: offset)
    while let f = try m.next() {
      switch f.number {
      case 1: d.id = try m.data(f)
      case 2: d.inputContextID = try m.data(f)
      case 3: d.state = try m.uint(f)
      case 4: d.timestamp = try m.uint(f)
      case 5:
        var c = try m.message(f, "ChannelData")
        var data = ChannelData(channelID: [], values: [], offset: f.offset)
        while let g = try c.next() {
          if g.number == 1 { data.channelID = try c.data(g) }
          if g.number == 2 { try c.appendZigZag(g, to: &data.values) }
        }
        d.channels.append(data)
      default: break
      }
    }
    return d
  }
}
