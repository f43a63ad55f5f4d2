import SigbenchCore
import Testing

@Suite("console text")
struct ConsoleTextTests {
  @Test("a file name cannot start a line, move the cursor or reorder the text")
  func escapes() {
    let hostile = "a\nrejected NOTHING: ok\u{1B}[2J\u{202E}txt.exe\\"
    let safe = ConsoleText.escaped(hostile)
    #expect(safe == "a\\nrejected NOTHING: ok\\e[2J\\u{202E}txt.exe\\\\")
    #expect(!safe.unicodeScalars.contains { ConsoleText.isUnsafe($0) })
    #expect(ConsoleText.quoted("x\ty") == "'x\\ty'")
    // Plain text is kept as is, accents and all.
    #expect(ConsoleText.escaped("Zoë's ✍︎ signature") == "Zoë's ✍︎ signature")
  }

  @Test("a whole message keeps its own line breaks and tabs but loses terminal controls")
  func messages() {
    #expect(ConsoleText.message("one\n\ttwo \u{1B}[2J\u{2066}") == "one\n\ttwo \\e[2J\\u{2066}")
    #expect(ConsoleText.message("C:\\path") == "C:\\path")
  }
}
