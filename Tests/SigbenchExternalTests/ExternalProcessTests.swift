import Foundation
import SigbenchCore
import Testing

@testable import SigbenchExternal

/// The protocol test fixture (a Python strategy drawing chords), its manifest read as
/// discovery reads it.
func chordsManifest() throws -> ExternalManifest {
  let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")
  return try ExternalManifest.read(
    at: folder.appendingPathComponent("chords.sigbench-strategy.json").path)
}

func chordsConfiguration(_ options: [(String, String)] = []) throws -> StrategyConfiguration {
  try StrategyConfiguration(
    descriptor: chordsManifest().descriptor, options: options.map { ($0.0, $0.1) })
}

let threeSamples = [
  Sample(x: 1, y: 2, time: 0, pressure: 0.5), Sample(x: 4, y: 6, time: 0.01),
  Sample(x: 10.5, y: 6.25, time: 0.02),
]

/// A stroke through the process: every reply read into the geometry the program wrote, to
/// the bit, and one process serves strokes and configurations one after another.
@Test func aProcessStrategyDrawsStrokeAfterStroke() throws {
  let session = try ExternalSession(try chordsManifest())
  defer { session.process.stop() }
  for width in ["2", "0.75"] {
    try session.configure(try chordsConfiguration([("width", width)]))
    try session.begin()
    var output = StrokeOutput()
    var stable = InkGeometry()
    for s in threeSamples {
      let ns = try session.push(s, into: &output)
      #expect(ns >= 0)
      #expect(output.tentative.isEmpty)
      stable.append(contentsOf: output.stable)
    }
    _ = try session.finish(into: &output)
    #expect(output.stable.isEmpty)
    let w = Double(width)!
    #expect(stable.discs.array == [Disc(center: Point(x: 1, y: 2), radius: w / 2)])
    #expect(stable.centerline.count == 2)
    let second = stable.centerline[1]
    #expect(second.start == Point(x: 4, y: 6) && second.end == Point(x: 10.5, y: 6.25))
    #expect(second.control1 == Point(x: 4 + 6.5 / 3, y: 6 + 0.25 / 3))
    #expect(second.startWidth == w && second.endWidth == w)
  }
}

/// Each way a program can misbehave ends in a failure naming the strategy and what
/// happened, and the process is stopped (no reply is waited for twice).
@Test(arguments: [
  ("crash", "exited (status 1) before replying to 'push'"),
  ("exit", "exited (status 7) before replying to 'push'"),
  ("hang", "no reply to 'push' within 0.5 s"),
  ("garbage", "reply to 'push': not JSON"),
  ("nan", "reply to 'push': not JSON"),
  ("infinite", "reply to 'push': not JSON"),
  ("huge", "its reply to 'push' is longer than 16777216 bytes"),
  ("error", "the strategy reported an error: deliberate error at the third push"),
])
func aMisbehavingProcessFailsWithWhatHappened(fault: String, expected: String) throws {
  let session = try ExternalSession(try chordsManifest(), timeout: 0.5)
  defer { session.process.stop() }
  try session.configure(try chordsConfiguration([("fault", fault)]))
  try session.begin()
  var output = StrokeOutput()
  _ = try session.push(threeSamples[0], into: &output)
  _ = try session.push(threeSamples[1], into: &output)
  do {
    _ = try session.push(threeSamples[2], into: &output)
    Issue.record("no failure for \(fault)")
  } catch {
    #expect(error.strategy == "py-chords")
    #expect(error.description.contains(expected), "\(error)")
    if fault == "crash" { #expect(error.message.contains("deliberate crash")) }
  }
  // Stopped: a later request fails at once instead of waiting.
  #expect(throws: ExternalProcess.Failure.self) { try session.begin() }
}

@Test func aProgramThatCannotStartOrGreetIsNamed() throws {
  var m = try chordsManifest()
  m.command = ["./no-such-program"]
  #expect(throws: ExternalProcess.Failure.self) { try ExternalProcess(m) }
  m.command = ["/bin/cat"]  // echoes the hello back: a version, but op "hello" and protocol 1
  let cat = try ExternalProcess(m)
  cat.stop()
  m.command = ["/bin/sh", "-c", "read x; echo '{\"op\":\"hello\",\"protocol\":2}'"]
  do {
    _ = try ExternalProcess(m)
    Issue.record("protocol 2 accepted")
  } catch {
    #expect(error.description.contains("field 'protocol' must be 1"), "\(error)")
  }
}

/// Requests are one line of JSON each: a sample carries only the channels it has.
@Test func requestsAreOneJSONLineEach() throws {
  #expect(
    ExternalProtocol.push(Sample(x: 1.5, y: -2, time: 0.016, pressure: 0.25))
      == #"{"op":"push","sample":{"x":1.5,"y":-2,"t":0.016,"pressure":0.25}}"#)
  #expect(ExternalProtocol.push(Sample(x: 0.1, y: 3)) == #"{"op":"push","sample":{"x":0.1,"y":3}}"#)
  let c = try chordsConfiguration([("width", "0.5")])
  #expect(
    ExternalProtocol.configure(c) == #"{"op":"configure","options":{"fault":"none","width":0.5}}"#)
  #expect(ExternalProtocol.quoted("a\"b\\c\n\u{1}") == #""a\"b\\c\n\u0001""#)
}

/// A reply's geometry is checked field by field.
@Test func brokenGeometryIsNamedByField() {
  func read(_ text: String) -> String {
    var out = StrokeOutput()
    do {
      _ = try ExternalProtocol.readOutput(Data(text.utf8), to: "push", into: &out)
      return "accepted"
    } catch {
      return error.description
    }
  }
  #expect(read(#"{"op":"output","stable":{},"tentative":{},"ns":5}"#) == "accepted")
  #expect(
    read(#"{"op":"output","stable":{"discs":[[1,2,-1]]},"ns":5}"#).contains(
      "field 'stable.discs[0][2]' must be a radius ≥ 0"))
  #expect(
    read(#"{"op":"output","tentative":{"centerline":[[1,2,3]]},"ns":5}"#).contains(
      "field 'tentative.centerline[0]' must be an array of 10 numbers"))
  #expect(
    read(#"{"op":"output","stable":{"outline":[["X",1,2]]},"ns":5}"#).contains(
      "field 'stable.outline[0][0]' must be one of M, L, Q, C, Z"))
  #expect(
    read(#"{"op":"output","stable":{"outline":[["M",1,"a"]]},"ns":5}"#).contains(
      "field 'stable.outline[0][2]' must be a finite number"))
  #expect(
    read(#"{"op":"output","stable":{"fill":[]},"ns":5}"#).contains(
      "field 'stable.fill' must be absent"))
  #expect(read(#"{"op":"output","ns":-1}"#).contains("field 'ns' must be a whole number"))
  #expect(read(#"{"op":"begun"}"#).contains("field 'op' must be \"output\""))
  #expect(
    read(#"{"op":"output","stable":{"bands":[[0,0,1,2,3,4,5,6,7,8,2,2,0.5]]},"ns":1}"#).contains(
      "field 'stable.bands[0][12]' must be 0 or 1"))
  #expect(
    read(#"{"op":"output","stable":{"bands":[[0,0,1,2,3,4,5,6,7,8,-2,2,1]]},"ns":1}"#).contains(
      "field 'stable.bands[0]' must be widths (numbers 11 and 12) ≥ 0"))
  #expect(
    read(#"{"op":"output","stable":{"stamps":[[0,0,1,2,3,4,5,6,7,8,1,1,2,2.5]]},"ns":1}"#)
      .contains("field 'stable.stamps[0][13]' must be a whole number of stamps"))
}

/// Bands and stamp runs read into the geometry the built-ins write, and every number exactly
/// as the program wrote it: `JSONSerialization`'s `doubleValue` would be an ulp off for about
/// half of these.
@Test func bandsStampsAndExactNumbers() throws {
  var out = StrokeOutput()
  let text =
    #"{"op":"output","stable":{"bands":[[10.1,20.3,0,0,0.1,0.2,0.30000000000000004,0.4,1,1,2,3,1]],"#
    + #""stamps":[[5,6,0,0,1,1,2,2,3,3,0.7,0.9,1.1,12]]},"tentative":{},"ns":7}"#
  let ns = try ExternalProtocol.readOutput(Data(text.utf8), to: "push", into: &out)
  #expect(ns == 7)
  let band = try #require(out.stable.bands.first)
  #expect(band.origin == Point(x: 10.1, y: 20.3) && band.isStraight)
  #expect(band.segment.control2 == Point(x: 0.1 + 0.2, y: 0.4))
  #expect(band.segment.startWidth == 2 && band.segment.endWidth == 3)
  let run = try #require(out.stable.stamps.first)
  #expect(run.count == 12 && run.maxRadius == 1.1 && run.origin == Point(x: 5, y: 6))
  // Random doubles in shortest form come back bit for bit.
  var rng = SplitMix64(seed: 45)
  for _ in 0..<2_000 {
    let v = rng.double(in: -3000...3000) / 7
    let line = #"{"op":"output","stable":{"discs":[["# + "\(v)" + #",0,1]]},"ns":0}"#
    _ = try ExternalProtocol.readOutput(Data(line.utf8), to: "push", into: &out)
    #expect(out.stable.discs.first?.center.x == v, "\(v)")
  }
}
