import Foundation

/// Hands freed heap pages back to the system (glibc's `malloc_trim`, looked up at run time;
/// nothing elsewhere). The streamed corpus frees every drawing after use, but the allocator
/// keeps the pages of its worker threads' arenas, so without this the timing phase would run
/// on the high-water mark of the reading phase.
enum MemoryTrim {
  static func release() {
    #if os(Linux)
      typealias Trim = @convention(c) (Int) -> Int32
      guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else {
        return
      }
      _ = unsafeBitCast(symbol, to: Trim.self)(0)
    #endif
  }
}
