import Foundation

/// Turns an error from Foundation or the system into one line a person can act on: the path
/// involved and the system's reason ("/out/x: Not a directory"), never Foundation's
/// `Error Domain=NSCocoaErrorDomain Code=512 "(null)" UserInfo={…}` dump.
public enum SystemErrorText {
  /// The readable text of `error`.
  ///
  /// - A `FileWriteError` (or any `CustomStringConvertible` error of this project) is its message.
  /// - A Foundation file error names its path (`NSFilePath`, else the URL's path) and the reason of
  ///   the underlying POSIX error (`strerror`), else Foundation's own localized description.
  /// - A bare POSIX error is its `strerror` text.
  public static func describe(_ error: any Error) -> String {
    if let e = error as? FileWriteError { return e.message }
    if let e = error as? FileReadError { return e.message }
    let ns = error as NSError
    guard ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain else {
      return String(describing: error)
    }
    let reason = systemReason(ns)
    if let path = path(of: ns) { return "\(path): \(reason)" }
    return reason
  }

  /// The system's reason for `error` alone, without a path ("Permission denied").
  public static func reason(_ error: any Error) -> String {
    if let e = error as? FileWriteError { return e.message }
    let ns = error as NSError
    guard ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain else {
      return String(describing: error)
    }
    return systemReason(ns)
  }

  private static func systemReason(_ ns: NSError) -> String {
    if ns.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(ns.code))) }
    if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? any Error {
      let u = underlying as NSError
      if u.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(u.code))) }
    }
    switch ns.code {
    case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "No such file or directory"
    case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return "Permission denied"
    case NSFileWriteOutOfSpaceError: return "No space left on device"
    case NSFileWriteFileExistsError: return "File exists"
    case NSFileWriteVolumeReadOnlyError: return "Read-only file system"
    default:
      let text = ns.localizedFailureReason ?? ns.localizedDescription
      return text.isEmpty || text.contains("(null)") ? "system error \(ns.code)" : text
    }
  }

  private static func path(of ns: NSError) -> String? {
    if let p = ns.userInfo[NSFilePathErrorKey] as? String { return p }
    if let u = ns.userInfo[NSURLErrorKey] as? URL, u.isFileURL { return u.path }
    return nil
  }
}

extension SystemErrorText {
  /// What a file that is not a regular file is (`st_mode & S_IFMT`), for the message that
  /// refuses it: "a FIFO", "a socket", "a character device", "a block device", "a folder".
  public static func kindName(_ kind: mode_t) -> String {
    switch kind {
    case S_IFIFO: return "a FIFO"
    case S_IFSOCK: return "a socket"
    case S_IFCHR: return "a character device"
    case S_IFBLK: return "a block device"
    case S_IFDIR: return "a folder"
    default: return "type \(kind)"
    }
  }
}
