import Foundation

/// sigbench writes into the folders and files it creates under `--out`, never through a symbolic
/// link found there: a link at `<out>/runs`, `<out>/bench`, `<out>/gates`, `<out>/baselines` or
/// `<out>/history.sqlite` (dangling or not) would put what sigbench writes wherever the link
/// points. `<out>` itself may be a link (the user chose it), and so is `<out>/latest`, which
/// sigbench makes.
public enum OutputLinks {
  /// Throws `FileWriteError` when `url` is a symbolic link, naming it and its target.
  public static func refuseLink(_ url: URL) throws(FileWriteError) {
    if let message = refusal(url) { throw FileWriteError(message) }
  }

  /// Why `url` is refused, or `nil` when it is not a symbolic link (or does not exist).
  public static func refusal(_ url: URL) -> String? {
    var info = stat()
    guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return nil }
    let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? "?"
    return "\(url.path) is a symbolic link (to \(target)); sigbench writes only into what it"
      + " creates under --out, never through a link: remove the link or choose another --out"
  }
}
