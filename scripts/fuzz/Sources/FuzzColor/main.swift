import ClockworkScene

/// Colours: any bytes give a colour whose components are in 0…1, or a typed error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  if let color = try? Color(parsing: text) {
    for c in [color.red, color.green, color.blue, color.alpha] { precondition((0...1).contains(c)) }
    _ = color.hexString
  }
  return 0
}
