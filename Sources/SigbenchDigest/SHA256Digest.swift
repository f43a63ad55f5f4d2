import CCrypto
import Foundation

/// SHA-256 (FIPS 180-4) computed by OpenSSL's libcrypto (Debian `libssl-dev`, the CCrypto system
/// library): Foundation on Linux has no digest API. Used for the Content-Security-Policy hashes
/// of every page sigbench writes (the capture page, the sheet, sample, gallery, metrics and
/// history pages), which allow exactly the inline script and style sheet a page ships with.
public enum SHA256Digest {
  /// The 32-byte digest of `message`.
  public static func digest(_ message: some Collection<UInt8>) -> [UInt8] {
    let bytes = Array(message)
    var out = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
    bytes.withUnsafeBufferPointer { input in
      out.withUnsafeMutableBufferPointer { output in
        _ = SHA256(input.baseAddress, input.count, output.baseAddress)
      }
    }
    return out
  }

  /// The CSP hash source for an inline `<script>` or `<style>` whose body (everything between
  /// the tags, exactly) is `body`: `'sha256-` + the base64 of its UTF-8 digest + `'` (CSP Level 3,
  /// "hash-source").
  public static func cspSource(_ body: String) -> String {
    "'sha256-\(Data(digest(Array(body.utf8))).base64EncodedString())'"
  }
}
