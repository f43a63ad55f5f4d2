/// A count with its noun in the right number: `counted(1, "drawing")` is "1 drawing",
/// `counted(3, "drawing")` "3 drawings", `counted(2, "strategy", "strategies")` "2 strategies".
/// Every count sigbench prints or writes goes through it (console, sheet, Markdown).
public func counted(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
  "\(n) " + (n == 1 ? singular : plural ?? singular + "s")
}
