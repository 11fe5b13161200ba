import ClockworkCore
import ClockworkSystem

extension ClockSync {
  /// ``summary`` in the reader's language, for a person (plain lines keep ``summary``).
  public var translatedSummary: String {
    synchronized
      ? translate("synced ±{error} ms", filling: ["error": shownError]) : tr("not synchronised")
  }
}
