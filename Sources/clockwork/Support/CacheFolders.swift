import FoundationEssentials

/// Where the app keeps what it can make again.
enum CacheFolders {
  /// `$XDG_CACHE_HOME/clockwork/rasters`, by default `~/.cache/clockwork/rasters`; `nil`
  /// without a home.
  static func rasters(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
    if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return "\(xdg)/clockwork/rasters" }
    guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
    return "\(home)/.cache/clockwork/rasters"
  }
}
