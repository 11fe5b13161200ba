import ClockworkWidgets
import Foundation

/// Theme files: any bytes give a theme or a `ThemeError`, never a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  _ = try? ClockTheme.decode(Data(UnsafeBufferPointer(start: data, count: size)), source: "fuzz")
  return 0
}
