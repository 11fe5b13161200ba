import ArgumentParser
import ClockworkState
import FoundationEssentials

/// `--sound FILE` and `--no-sound`, for timers and alarms.
struct SoundOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "A sound file to play at the end instead of the sound theme's (any format the sound server reads: OGG, WAV, …).",
      valueName: "file"), completion: .file())
  var sound: String?

  @Flag(help: "No sound, only the notification and the bell.")
  var noSound = false

  func validate() throws {
    if sound != nil && noSound {
      throw ValidationError("--sound and --no-sound cannot both be given")
    }
    if let sound, !FileManager.default.isReadableFile(atPath: sound) {
      throw ValidationError("--sound \(sound): no such file, or it cannot be read")
    }
  }

  /// Whether either was given (else a preset's or a resumed timer's sound stays).
  var given: Bool { sound != nil || noSound }

  /// As a timer or alarm keeps it: `nil` the theme's sound, "" none, else the file's full path.
  /// The options win over the settings file's `sound`.
  func saved(_ settings: SharedSettings) -> String? {
    if noSound { return "" }
    return sound.map {
      $0.hasPrefix("/") ? $0 : FileManager.default.currentDirectoryPath + "/" + $0
    } ?? settings.sound
  }
}
