import FoundationEssentials

extension Error {
  /// What went wrong in words for a person: the system's ("No such file or directory") for a
  /// file error, the decoder's for bad JSON, else the error's own description.
  /// FoundationEssentials' file errors print as their whole structure otherwise.
  public var reason: String {
    if let posix = self as? POSIXError { return LibC.describe(errorNumber: posix.code.rawValue) }
    if let cocoa = self as? CocoaError {
      if let posix = cocoa.userInfo["NSUnderlyingError"] as? POSIXError {
        return LibC.describe(errorNumber: posix.code.rawValue)
      }
      return "error \(cocoa.code.rawValue)"
    }
    if let decoding = self as? DecodingError {
      switch decoding {
      case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
        .valueNotFound(_, let context):
        return context.debugDescription
      @unknown default: return "\(decoding)"
      }
    }
    return "\(self)"
  }
}
