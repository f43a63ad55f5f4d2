import CCrypto

/// SHA-256 (FIPS 180-4) for the capture page's Content-Security-Policy hashes
/// (`script-src 'sha256-…'`), computed by OpenSSL's libcrypto (Debian `libssl-dev`, the CCrypto
/// system library): Foundation on Linux has no digest API.
public enum CaptureSHA256 {
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
}
