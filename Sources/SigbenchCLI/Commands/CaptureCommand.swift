import Foundation
import SigbenchArguments
import SigbenchCapture
import SigbenchFiles
import SigbenchResults
import SigbenchRun

/// `sigbench capture -o capture.html`: writes the capture page, a self-contained HTML file
/// that records new corpus samples in any browser and saves them as `*.sigbench.json`.
struct CaptureCommand: Command {
  static let spec = CommandSpec(
    name: "capture", abstract: "Write the capture page that records corpus samples in a browser.",
    discussion: """
      Writes one self-contained HTML file (inline script and style, no network, a
      Content-Security-Policy that allows only its own script and style by hash). Open it from
      disk on a laptop, tablet or phone, sign, and Save: the browser downloads a native
      .sigbench.json drawing (pressure, tilt, every coalesced pointer event, pen hover apart)
      that 'sigbench run --corpus DIR' reads as it is. See README, 'Recording a corpus'.
      """,
    options: [OutputOptions.output.requiredHere().spec])

  let output: String

  init(_ a: ParsedArguments) throws {
    let o = try a.required(OutputOptions.output)
    let lower = o.lowercased()
    guard lower.hasSuffix(".html") || lower.hasSuffix(".htm") else {
      throw ValidationError("capture writes an HTML page; FILE must end in .html.")
    }
    output = o
  }

  func run(console: Console) throws -> ExitCode {
    let page: String
    do { page = try CapturePage.assemble(from: try CapturePage.resourceFolder()) } catch {
      throw CommandFailure(.toolError, "\(error)")
    }
    let url = URL(fileURLWithPath: output)
    do { try AtomicFiles.write(Data(page.utf8), to: url) } catch {
      // AtomicFiles' error already names the file and the system's reason.
      throw CommandFailure(.toolError, SystemErrorText.reason(error))
    }
    console.out("\(url.path): capture page (\(page.utf8.count) bytes); open it in a browser")
    return .success
  }
}
