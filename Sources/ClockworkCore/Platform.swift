import FoundationEssentials

#if canImport(Glibc)
  import CCalendar
  import CGettext
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library's calls that the time model makes, in one place: the environment, small
/// system files, and calendar arithmetic (`localtime_r`, `gmtime_r`, `timegm`). Its file calls
/// serve the package's state and settings files too.
package enum LibC {
  static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

  /// The locale `category` asks for (LC_ALL, else the category's variable, else LANG), as the C
  /// library reads them: "C" when none is set.
  static func askedLocale(_ category: String) -> String {
    func set(_ name: String) -> String? { environment(name).flatMap { $0.isEmpty ? nil : $0 } }
    return set("LC_ALL") ?? set(category) ?? set("LANG") ?? "C"
  }

  /// Whether anything is at `path`: `FileManager`'s first use costs a start more than a
  /// missing file's whole look.
  package static func fileExists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  /// A whole file's bytes, read into a buffer of the file's size (not one of 64 kB for each
  /// file, or `Data(contentsOf:)` and its URL code).
  package static func readFile(_ path: String) throws(POSIXError) -> [UInt8] {
    func failure() -> POSIXError { POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw failure() }
    defer { close(fd) }
    var status = stat()
    let expected = fstat(fd, &status) == 0 ? Int(status.st_size) : 0
    var bytes = [UInt8](repeating: 0, count: max(expected + 1, 4096))
    var count = 0
    while true {
      if count == bytes.count { bytes += repeatElement(0, count: bytes.count) }
      let read = bytes[count...].withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if read > 0 {
        count += read
      } else if read == 0 {
        bytes.removeLast(bytes.count - count)
        return bytes
      } else if errno != EINTR {
        throw failure()
      }
    }
  }

  /// Where a symbolic link points, or `nil`.
  static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let length = readlink(path, &buffer, buffer.count - 1)
    guard length > 0 else { return nil }
    return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The wall-clock fields of `seconds` since 1970 in the process's local zone (`TZ`, else
  /// `/etc/localtime`); safe across threads.
  static func localTime(_ seconds: Int) -> CivilTime {
    var time = time_t(seconds)
    var fields = tm()
    localtime_r(&time, &fields)
    return CivilTime(fields)
  }

  /// The fields of `seconds` since 1970 read as UTC.
  static func utcTime(_ seconds: Int) -> CivilTime {
    var time = time_t(seconds)
    var fields = tm()
    gmtime_r(&time, &fields)
    return CivilTime(fields)
  }

  /// Seconds since 1970 of these fields read as UTC; an out-of-range day rolls over.
  static func secondsAsIfUTC(_ time: CivilTime) -> Int {
    var fields = tm(time)
    return Int(timegm(&fields))
  }

  /// The system's words for an error number.
  static func describe(errorNumber: Int32) -> String { String(cString: strerror(errorNumber)) }

  /// Whether something is at `path`.
  static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  /// The locale dates are written in (LC_TIME from the environment, taken once and kept), or
  /// `nil` for C and POSIX, whose dates the project writes as ISO 8601.
  package static let timeLocale: String? = {
    // The C locale, asked for or by default, without setlocale's look through the locale files.
    guard !isPlainC(askedLocale("LC_TIME")),
      let name = setlocale(LC_TIME, "").map({ String(cString: $0) })
    else { return nil }
    return isPlainC(name) ? nil : name
  }()

  /// Whether `locale` is C or POSIX, `C.UTF-8` included: plain ASCII forms, English texts.
  static func isPlainC(_ locale: String) -> Bool {
    locale == "C" || locale == "POSIX" || locale.hasPrefix("C.")
  }

  /// `time`'s fields through `strftime` in ``timeLocale``.
  static func formatTime(_ format: String, _ time: CivilTime) -> String {
    _ = timeLocale
    var fields = tm(time)
    fields.tm_wday = Int32(Weekday(of: time).rawValue)
    var buffer = [CChar](repeating: 0, count: 256)
    let length = strftime(&buffer, buffer.count, format, &fields)
    return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The UTF-8 text of a C buffer, up to its NUL.
  private static func text(of buffer: [CChar]) -> String {
    String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// `time` as a date of the calendar in `locale` (`th_TH@calendar=buddhist`), written by
  /// ICU's pattern for `skeleton`; the problem (no ICU) in words.
  static func calendarDate(_ time: CivilTime, locale: String, skeleton: String) -> Result<
    String, CalendarProblem
  > {
    #if canImport(Glibc)
      var date = [CChar](repeating: 0, count: 256)
      var problem = [CChar](repeating: 0, count: 256)
      let seconds = Double(time.secondsAsIfUTC)
      guard
        cw_calendar_date(locale, skeleton, seconds, &date, date.count, &problem, problem.count)
          == 0
      else { return .failure(CalendarProblem(text(of: problem))) }
      return .success(text(of: date))
    #else
      return .failure(CalendarProblem("dates in other calendars need ICU, on Linux"))
    #endif
  }

  /// gettext's catalogues of `domain` in `folder`, in the language the environment asks for
  /// (LC_MESSAGES only: numbers and the rest stay as they are).
  static func bindTexts(_ domain: String, folder: String) {
    #if canImport(Glibc)
      _ = setlocale(LC_MESSAGES, "")
      _ = bindtextdomain(domain, folder)
      _ = bind_textdomain_codeset(domain, "UTF-8")
    #endif
  }

  /// `text` from `domain`'s catalogue (``bindTexts(_:folder:)``), or as it is (where there is
  /// no gettext).
  static func translated(_ text: String, domain: String) -> String {
    #if canImport(Glibc)
      // Untranslated, gettext answers the pointer it was given: read while it lives.
      return text.withCString { id in dgettext(domain, id).map { String(cString: $0) } ?? text }
    #else
      return text
    #endif
  }

  /// `singular` or `plural` from `domain`'s catalogue, as its language says `count`.
  static func translated(_ singular: String, _ plural: String, count: Int, domain: String)
    -> String
  {
    #if canImport(Glibc)
      return singular.withCString { one in
        plural.withCString { many in
          dngettext(domain, one, many, UInt(max(0, count))).map { String(cString: $0) }
            ?? (count == 1 ? singular : plural)
        }
      }
    #else
      return count == 1 ? singular : plural
    #endif
  }
}

extension tm {
  /// The C library's fields of `time` (its date and time; no weekday, day of year or offset).
  fileprivate init(_ time: CivilTime) {
    self.init()
    (tm_year, tm_mon, tm_mday) = (Int32(time.year - 1900), Int32(time.month - 1), Int32(time.day))
    (tm_hour, tm_min, tm_sec) = (Int32(time.hour), Int32(time.minute), Int32(time.second))
  }
}

extension CivilTime {
  fileprivate init(_ fields: tm) {
    self.init(
      year: Int(fields.tm_year) + 1900, month: Int(fields.tm_mon) + 1, day: Int(fields.tm_mday),
      hour: Int(fields.tm_hour), minute: Int(fields.tm_min), second: Int(fields.tm_sec),
      utcOffset: Int(fields.tm_gmtoff))
  }
}
