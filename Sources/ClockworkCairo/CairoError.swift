import CCairo

/// A Cairo call failed; the message is Cairo's own.
public struct CairoError: Error, Hashable, Sendable, CustomStringConvertible {
  public var status: UInt32
  public var message: String
  public var operation: String

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
