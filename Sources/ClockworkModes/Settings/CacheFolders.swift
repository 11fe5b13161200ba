import ClockworkState
import FoundationEssentials

/// Where the app keeps what it can make again.
public enum CacheFolders {
  /// `$XDG_CACHE_HOME/clockwork/rasters`, by default `~/.cache/clockwork/rasters`; `nil`
  /// without a home.
  public static func rasters(environment: [String: String] = ProcessEnvironment.current)
    -> String?
  {
    XDGFolder.path("XDG_CACHE_HOME", fallback: ".cache", environment: environment).map {
      "\($0)/clockwork/rasters"
    }
  }
}
