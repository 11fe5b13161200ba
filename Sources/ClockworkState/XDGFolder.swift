import FoundationEssentials

/// A base folder of the XDG specification: `$VARIABLE` when it is an absolute path, else
/// `fallback` under `$HOME` (a relative or empty value is ignored, as the specification says).
///
/// ```swift
/// XDGFolder.path("XDG_CONFIG_HOME", fallback: ".config", environment: env)   // ~/.config
/// ```
public enum XDGFolder {
  /// The folder, or nil with neither the variable nor an absolute `$HOME`.
  public static func path(_ variable: String, fallback: String, environment: [String: String])
    -> String?
  {
    if let value = environment[variable], value.hasPrefix("/") { return value }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return "\(home)/\(fallback)"
  }
}
