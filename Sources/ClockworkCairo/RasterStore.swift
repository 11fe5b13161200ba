import CCairo
import ClockworkScene
import FoundationEssentials
import Glibc

/// Rasterized subtrees kept on disk between runs (`Layer.rasterizationKey`), so a program that
/// starts often need not draw them again. A clock's dial is the only text on its face: drawing
/// it at start-up loads fontconfig and the font, a large part of a start.
///
/// ```swift
/// let renderer = Renderer()
/// renderer.rasterStore = RasterStore(directory: "/home/me/.cache/clockwork/rasters")
/// ```
///
/// Files are raw premultiplied pixels under a name that hashes everything the pixels depend
/// on: the layer's key, the transform, the size, Cairo's version, and the fontconfig caches'
/// modification times (new fonts, new pixels). Only the newest few are kept; a file that cannot
/// be read is drawn again and replaced, one that cannot be written is skipped.
public struct RasterStore: Sendable {
  /// The folder the rasters are kept in.
  public let directory: String
  /// Files kept; older ones are removed when a new one is written.
  public var capacity = 8

  /// A store in `directory` (made when first written to).
  public init(directory: String) { self.directory = directory }

  static let magic: UInt32 = 0x3152_5743  // "CWR1"

  func path(for key: Renderer.RasterKey) -> String {
    var hash = StableHash()
    hash.combine(key.key)
    // The matrix by its bits: printing its numbers cost a start more than the rest of the key.
    for value in key.matrix { value.combine(into: &hash) }
    hash.combine(
      "\(key.width)x\(key.height)\(key.antialiased ? "" : " hard")\(key.textAsPaths ? " outlines" : "") cairo \(String(cString: cairo_version_string()))"
    )
    for environment in ["FONTCONFIG_FILE", "FONTCONFIG_PATH"] {
      hash.combine(getenv(environment).map { String(cString: $0) } ?? "")
    }
    for folder in [
      "/var/cache/fontconfig",
      (getenv("HOME").map { String(cString: $0) } ?? "") + "/.cache/fontconfig",
    ] {
      var info = stat()
      if stat(folder, &info) == 0 { hash.combine("\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)") }
    }
    return "\(directory)/\(String(hash.value, radix: 16)).argb"
  }

  /// The stored pixels for `key`, or `nil`.
  func load(_ key: Renderer.RasterKey) -> CairoSurface? {
    guard let file = fopen(path(for: key), "rb") else { return nil }
    defer { fclose(file) }
    var header = [UInt32](repeating: 0, count: 3)
    guard fread(&header, 4, 3, file) == 3,
      header == [Self.magic, UInt32(key.width), UInt32(key.height)],
      let surface = try? CairoSurface.image(width: key.width, height: key.height)
    else { return nil }
    let complete = surface.withMutablePixels { pixels, stride in
      guard let base = pixels.baseAddress else { return false }
      return (0..<key.height).allSatisfy { row in
        fread(base + row * stride, 4, key.width, file) == key.width
      }
    }
    return complete ? surface : nil
  }

  /// Writes `surface` for `key`: to a temporary file, then renamed, so a reader never sees half.
  func save(_ surface: CairoSurface, for key: Renderer.RasterKey) {
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let target = path(for: key)
    let temporary = "\(target).\(getpid()).tmp"
    guard let file = fopen(temporary, "wb") else { return }
    var header = [Self.magic, UInt32(key.width), UInt32(key.height)]
    var complete = fwrite(&header, 4, 3, file) == 3
    surface.withPixels { pixels, stride in
      guard let base = pixels.baseAddress else { return complete = false }
      for row in 0..<key.height where complete {
        complete = fwrite(base + row * stride, 4, key.width, file) == key.width
      }
    }
    complete = fclose(file) == 0 && complete
    guard complete, rename(temporary, target) == 0 else {
      unlink(temporary)
      return
    }
    removeOldest()
  }

  /// Keeps the `capacity` newest files.
  func removeOldest() {
    guard let folder = opendir(directory) else { return }
    var files: [(path: String, time: Int)] = []
    while let entry = readdir(folder) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) {
        String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self)
      }
      guard name.hasSuffix(".argb") else { continue }
      var info = stat()
      if stat("\(directory)/\(name)", &info) == 0 {
        files.append(("\(directory)/\(name)", info.st_mtim.tv_sec))
      }
    }
    closedir(folder)
    for old in files.sorted(by: { $0.time > $1.time }).dropFirst(capacity) { unlink(old.path) }
  }
}
