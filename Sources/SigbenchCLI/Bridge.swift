import SigbenchCore

/// Small re-exports of Core helpers the parser uses.
enum SigbenchCoreBridge {
  static func closest(_ word: String, _ candidates: [String]) -> String? {
    closestMatch(to: word, in: candidates)
  }
}
