import SigbenchCore
import SigbenchStrategies

enum SampleFactory {
  static func line(_ n: Int) -> [Sample] {
    (0..<n).map { Sample(x: Double($0) * 3, y: Double($0), time: Double($0) / 120) }
  }
}

enum StraightFactory {
  static func make() throws -> ConfiguredStrategy {
    try StrategyCatalog.configure(StrategySpec(id: "straight"))
  }
}
