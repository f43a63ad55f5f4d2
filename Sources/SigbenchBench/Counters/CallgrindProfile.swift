import Foundation
import SigbenchResults

/// Reads the parts callgrind wrote (one file per `CALLGRIND_DUMP_STATS_AT`), as written with
/// `--compress-strings=no --compress-pos=no` so every function name is spelled out.
///
/// From each file: the trigger label (`desc: Trigger: Client Request: <label>`), the total
/// instructions (`summary:` or `totals:` line, first event = Ir), and the number of calls into
/// each function (sum of `calls=N` lines under `cfn=<name>`; recursion suffixes `'2` dropped).
public struct CallgrindProfile: Hashable, Sendable {
  public var label: String?
  public var instructions: Int?
  public var callsByFunction: [String: Int]

  /// Heap allocation entry points of the C library.
  public static let heapFunctions: Set<String> = [
    "malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc", "memalign",
  ]

  /// Parses one part's text.
  public init(text: String) {
    label = nil
    instructions = nil
    callsByFunction = [:]
    var currentCallee: String?
    for raw in text.split(separator: "\n", omittingEmptySubsequences: true) {
      let line = Substring(raw)
      if line.hasPrefix("cfn=") {
        currentCallee = CallgrindProfile.functionName(line.dropFirst(4))
      } else if line.hasPrefix("calls="), let callee = currentCallee {
        let fields = line.dropFirst(6).split(separator: " ")
        if let n = fields.first.flatMap({ Int($0) }) { callsByFunction[callee, default: 0] += n }
        currentCallee = nil
      } else if line.hasPrefix("fn=") {
        currentCallee = nil
      } else if line.hasPrefix("desc: Trigger: Client Request: ") {
        label = String(line.dropFirst("desc: Trigger: Client Request: ".count))
      } else if line.hasPrefix("summary:") || line.hasPrefix("totals:") {
        let fields = line.split(separator: " ")
        if fields.count >= 2, let n = Int(fields[1]) { instructions = n }
      }
    }
  }

  /// Calls into any of `names`.
  public func calls(_ names: Set<String>) -> Int {
    callsByFunction.reduce(0) { $0 + (names.contains($1.key) ? $1.value : 0) }
  }

  /// A `cfn=` value without a `(id)` prefix, a recursion suffix or trailing spaces.
  static func functionName(_ s: Substring) -> String {
    var name = s
    if name.hasPrefix("("), let close = name.firstIndex(of: ")") {
      name = name[name.index(after: close)...].drop { $0 == " " }
    }
    if let quote = name.lastIndex(of: "'"), name[name.index(after: quote)...].allSatisfy(\.isNumber)
    {
      name = name[..<quote]
    }
    return String(name).trimmingCharacters(in: .whitespaces)
  }

  /// Every part in `folder` whose file name starts with `prefix`, keyed by label.
  public static func loadParts(in folder: URL, prefix: String) -> [String: CallgrindProfile] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    var result: [String: CallgrindProfile] = [:]
    for n in names where n.hasPrefix(prefix) {
      guard
        let text = try? String(
          contentsOf: folder.appendingPathComponent(n), encoding: .utf8)
      else { continue }
      let p = CallgrindProfile(text: text)
      if let l = p.label { result[l] = p }
    }
    return result
  }

  /// Builds figures from the plan and the parsed parts; entries whose parts are missing are
  /// unavailable with the reason.
  public static func figures(
    plans: [CounterProbe.Plan], parts: [String: CallgrindProfile]
  ) -> [CounterFigures] {
    plans.map { plan in
      var f = CounterFigures(
        strategy: plan.strategy, strategyID: plan.strategyID, lane: plan.lane,
        points: plan.points, steadyPoints: plan.steadyPoints, strokes: plan.strokes,
        injectedSpins: plan.injectedSpins)
      guard let push = parts[CounterProbe.label(plan.index, "push")],
        let ir = push.instructions, plan.points > 0
      else {
        return f.unavailable("callgrind wrote no profile for this entry")
      }
      let n = Double(plan.points)
      f.instructionsPerPoint = Double(ir) / n
      f.allocationsPerPoint = Double(push.calls(heapFunctions)) / n
      f.swiftAllocObjectPerPoint = Double(push.calls(["swift_allocObject"])) / n
      f.swiftSlowAllocPerPoint = Double(push.calls(["swift_slowAlloc"])) / n
      if let steady = parts[CounterProbe.label(plan.index, "steady")] {
        f.steadyAllocations = steady.calls(heapFunctions)
        if let sir = steady.instructions, plan.steadyPoints > 0 {
          f.steadyInstructionsPerPoint = Double(sir) / Double(plan.steadyPoints)
        }
      }
      if let fin = parts[CounterProbe.label(plan.index, "finish")], let fir = fin.instructions,
        plan.strokes > 0
      {
        f.instructionsPerFinish = Double(fir) / Double(plan.strokes)
      }
      return f
    }
  }
}
