import Foundation
import SigbenchCore
import SigbenchFormats

// One libFuzzer target for every stroke reader, linked by scripts/fuzz.sh (not part of the
// package). The reader is chosen by SIGBENCH_FUZZ_FORMAT (a format id of `sigbench formats`);
// each input is decoded with the default options. A reader may reject any input with a
// FormatError; what must never happen is a crash, a hang (-timeout), a runaway allocation
// (-rss_limit_mb) or an accepted drawing outside the input envelope (`InputEnvelope.
// violations`: a value every later stage is proven to handle), which stops the target with the
// offending value so libFuzzer keeps the input as a finding.

nonisolated(unsafe) var chosen: (any StrokeFormat)?

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  if chosen == nil {
    let id = ProcessInfo.processInfo.environment["SIGBENCH_FUZZ_FORMAT"] ?? ""
    guard let f = FormatCatalog.all.first(where: { $0.descriptor.id == id }) else {
      let ids = FormatCatalog.all.map(\.descriptor.id).joined(separator: ", ")
      FileHandle.standardError.write(Data("SIGBENCH_FUZZ_FORMAT must be one of: \(ids)\n".utf8))
      exit(2)
    }
    chosen = f
  }
  let data = bytes.map { Data(bytes: $0, count: size) } ?? Data()
  guard let read = try? chosen!.decode(data, file: "fuzz-input", options: DecodeOptions())
  else { return 0 }
  for drawing in read.drawings {
    let outside = InputEnvelope.violations(in: drawing, limit: 1)
    if let first = outside.first { fatalError("accepted outside the input envelope: \(first)") }
  }
  return 0
}
