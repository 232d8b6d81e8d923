#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An errno value with its words ("No space left on device").
struct Errno: Error, Equatable, CustomStringConvertible {
  let code: Int32
  init(_ code: Int32) { self.code = code }
  var description: String { String(cString: strerror(code)) }
  /// The destination is full (or the user's quota is).
  var isDiskFull: Bool { code == ENOSPC || code == EDQUOT }
}
