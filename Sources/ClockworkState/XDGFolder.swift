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

  /// The folder as ``path(_:fallback:environment:)`` finds it, else `fallback` under the
  /// account's home folder (from the password database): for what must be kept somewhere
  /// (state, units), where a file that is only read (settings) is rather not looked for.
  public static func url(_ variable: String, fallback: String, environment: [String: String])
    -> URL
  {
    path(variable, fallback: fallback, environment: environment).map(URL.init(fileURLWithPath:))
      ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(fallback)
  }
}
