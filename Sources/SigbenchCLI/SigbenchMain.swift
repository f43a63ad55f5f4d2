public enum SigbenchMain {
  public static func main() {}
}
