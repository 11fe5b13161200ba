import CCairo

/// A Cairo call failed; the message is Cairo's own.
public struct CairoError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Cairo's status.
  public var status: UInt32
  /// Cairo's words for it.
  public var message: String
  /// What was being done.
  public var operation: String

  /// "render: out of memory".
  public var description: String { "\(operation): \(message)" }

  init(_ status: cairo_status_t, _ operation: String) {
    self.status = status.rawValue
    self.message = String(cString: cairo_status_to_string(status))
    self.operation = operation
  }

  /// Throws unless `status` is success.
  static func check(_ status: cairo_status_t, _ operation: @autoclosure () -> String)
    throws(CairoError)
  {
    guard status == CAIRO_STATUS_SUCCESS else { throw CairoError(status, operation()) }
  }
}
