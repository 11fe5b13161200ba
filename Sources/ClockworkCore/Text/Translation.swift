import Synchronization

/// The texts a person reads, in their language, by GNU gettext: the `clockwork` text domain,
/// its catalogues (`LANG/LC_MESSAGES/clockwork.mo`) in `share/locale` beside the binary's folder
/// (`PREFIX/bin/../share/locale` installed, `.build/share/locale` as `make` builds them), the
/// language from LANGUAGE, LC_ALL, LC_MESSAGES and LANG, as every GNU program reads them. Plain
/// lines, JSON, `--help` and the man pages stay English: programs and the manual read them.
///
/// ```swift
/// tr("Stop")                                        // "Dừng" with LANG=vi_VN.UTF-8
/// tr("{count} minute", "{count} minutes", count: 5)  // the language's plural form
/// ```
public enum Translation {
  /// The text domain.
  public static let domain = "clockwork"

  /// The catalogues' folder, bound once, at the first text asked for.
  private static let bound: Void = LibC.bindTexts(domain, folder: folder)

  /// `share/locale` beside the folder of the binary as it was started (`.build/debug` is a
  /// link into the build folder), else beside the folder of the file it is, else one up from
  /// there: a program one of ours starts (the alerts' watcher) is started by the file's path,
  /// `.build/x86_64-unknown-linux-gnu/debug/clockwork-alerts`.
  static var folder: String {
    let started = CommandLine.arguments.first.flatMap { $0.contains("/") ? $0 : nil }
    let file = LibC.linkTarget("/proc/self/exe")
    let candidates = [(started, 2), (file, 2), (file, 3)].compactMap { path, up in
      path.map {
        ($0.split(separator: "/", omittingEmptySubsequences: false).dropLast(up)
          + ["share", "locale"]).joined(separator: "/")
      }
    }
    return candidates.first(where: LibC.exists) ?? candidates.first ?? "/usr/share/locale"
  }

  /// The language the texts are in, as its catalogue's header names it ("vi", "pt_BR"), or
  /// "en" where no catalogue answers.
  public static var language: String {
    // gettext answers the empty text with the header of the catalogue in use.
    let header = text("")
    let line = header.split(separator: "\n").first { $0.hasPrefix("Language: ") }
    return line.map { String($0.dropFirst("Language: ".count)) } ?? "en"
  }

  /// Whether the environment asks for the texts as written: English, the C or POSIX locale
  /// (where gettext reads no LANGUAGE), or `C.UTF-8` with no LANGUAGE. Then no catalogue is
  /// bound or looked in, which costs a start more than all its texts.
  static let asWrittenByLocale: Bool = {
    let locale = LibC.askedLocale("LC_MESSAGES")
    if locale == "C" || locale == "POSIX" { return true }
    guard LibC.environment("LANGUAGE").map(\.isEmpty) ?? true else { return false }
    return LibC.isPlainC(locale) || locale == "en" || locale.hasPrefix("en_")
      || locale.hasPrefix("en.") || locale.hasPrefix("en@")
  }()

  /// `text` in the reader's language, or as it is.
  public static func text(_ text: String) -> String {
    guard !asWrittenByLocale, !isAsWritten else { return text }
    _ = bound
    return LibC.translated(text, domain: domain)
  }

  /// `singular` or `plural`, as the reader's language says `count` of something.
  public static func text(_ singular: String, _ plural: String, count: Int) -> String {
    guard !asWrittenByLocale, !isAsWritten else { return count == 1 ? singular : plural }
    _ = bound
    return LibC.translated(singular, plural, count: count, domain: domain)
  }

  /// From now on, texts as the sources write them (English) and dates as ISO 8601, whatever
  /// the locale: for output that programs read (`status --format json`).
  public static func writeAsWritten() { asWritten.store(true, ordering: .relaxed) }

  /// Whether ``writeAsWritten()`` was called.
  public static var isAsWritten: Bool { asWritten.load(ordering: .relaxed) }

  private static let asWritten = Atomic<Bool>(false)
}

/// `text` in the reader's language (``Translation``); `scripts/translations/extract` finds
/// each `tr("…")` in the sources.
public func tr(_ text: String) -> String { Translation.text(text) }

/// `singular` or `plural` for `count`, in the reader's language, with `{count}` replaced by it.
public func tr(_ singular: String, _ plural: String, count: Int) -> String {
  Translation.filled(Translation.text(singular, plural, count: count), ["count": "\(count)"])
}

/// `text` in the reader's language with each `{name}` replaced by its value: the words around a
/// value may move in another language (`translate("next {date}", filling: ["date": day])`).
public func translate(_ text: String, filling values: KeyValuePairs<String, String>) -> String {
  Translation.filled(Translation.text(text), values)
}

extension Translation {
  /// `text` with each `{name}` of `values` replaced by its value (others left as they are), in
  /// one pass over its bytes, with concrete types only: `replacing(_:with:)` looks up generic
  /// metadata at every call, and appending a Substring looks up its conformances once.
  static func filled(_ text: String, _ values: KeyValuePairs<String, String>) -> String {
    let bytes = text.utf8
    guard bytes.contains(UInt8(ascii: "{")) else { return text }
    var result = ""
    var start = bytes.startIndex
    var cursor = start
    while let open = bytes[cursor...].firstIndex(of: UInt8(ascii: "{")),
      let close = bytes[open...].firstIndex(of: UInt8(ascii: "}"))
    {
      let name = Substring(bytes[bytes.index(after: open)..<close])
      if let value = values.first(where: { $0.key == name })?.value {
        result += String(Substring(bytes[start..<open]))
        result += value
        start = bytes.index(after: close)
      }
      cursor = bytes.index(after: close)
    }
    result += String(Substring(bytes[start...]))
    return result
  }
}
