import Foundation
import SigbenchRun
import Testing

/// Issue 16, item 5: a phase that reports nothing for the heartbeat's interval still gets a
/// progress line; `--quiet` gets none.
@Suite("heartbeat")
struct HeartbeatTests {
  @Test("silence longer than the interval prints the current step again; quiet prints nothing")
  func beats() throws {
    let loud = Heartbeat(forwardingTo: ignoreProgress, interval: 0.3)
    loud.handler(.note("timing 9 strategies over 1 points"))
    Thread.sleep(forTimeInterval: 1.1)
    loud.stop()
    let n = loud.beats
    #expect(n >= 2 && n <= 4, "\(n) beats")
    Thread.sleep(forTimeInterval: 0.4)
    #expect(loud.beats == n)  // nothing after stop

    let busy = Heartbeat(forwardingTo: ignoreProgress, interval: 0.5)
    for i in 0..<8 {
      busy.handler(.advance(label: "reading and measuring files", done: i, total: 8))
      Thread.sleep(forTimeInterval: 0.1)
    }
    busy.stop()
    #expect(busy.beats == 0)

    let quiet = Heartbeat(forwardingTo: ignoreProgress, interval: 0.2, enabled: false)
    Thread.sleep(forTimeInterval: 0.6)
    quiet.stop()
    #expect(quiet.beats == 0)
  }
}
