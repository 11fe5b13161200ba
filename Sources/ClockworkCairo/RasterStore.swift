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
    let descriptor = open(path(for: key), O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var header: [UInt32] = [0, 0, 0]
    guard let surface = try? CairoSurface.image(width: key.width, height: key.height) else {
      return nil
    }
    let complete = header.withUnsafeMutableBytes { header in
      surface.withMutablePixels { pixels, stride in
        Self.rows(of: UnsafeBufferPointer(pixels), stride: stride, key).map {
          Self.transfer(descriptor, [header] + $0, writing: false)
        } ?? false
      }
    }
    return complete && header == [Self.magic, UInt32(key.width), UInt32(key.height)]
      ? surface : nil
  }

  /// Writes `surface` for `key`: to a temporary file, then renamed, so a reader never sees half.
  func save(_ surface: CairoSurface, for key: Renderer.RasterKey) {
    makeFolder()
    let target = path(for: key)
    let temporary = "\(target).\(getpid()).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { return }
    var header = [Self.magic, UInt32(key.width), UInt32(key.height)]
    var complete = header.withUnsafeMutableBytes { header in
      surface.withPixels { pixels, stride in
        Self.rows(of: pixels, stride: stride, key).map {
          Self.transfer(descriptor, [header] + $0, writing: true)
        } ?? false
      }
    }
    complete = close(descriptor) == 0 && complete
    guard complete, rename(temporary, target) == 0 else {
      unlink(temporary)
      return
    }
    removeOldest()
  }

  /// The bytes of `key`'s rows in `pixels`: one run when no padding separates them (`nil` if
  /// `pixels` is smaller).
  static func rows(of pixels: UnsafeBufferPointer<UInt32>, stride: Int, _ key: Renderer.RasterKey)
    -> [UnsafeMutableRawBufferPointer]?
  {
    guard let base = pixels.baseAddress.map(UnsafeMutablePointer.init(mutating:)),
      stride >= key.width, pixels.count >= stride * key.height
    else { return nil }
    let row = key.width * 4
    if stride == key.width {
      return [UnsafeMutableRawBufferPointer(start: base, count: row * key.height)]
    }
    return (0..<key.height).map {
      UnsafeMutableRawBufferPointer(start: base + $0 * stride, count: row)
    }
  }

  /// Reads or writes all of `parts` in one `readv` or `writev`, more only when the kernel moves
  /// less: through stdio's 4 KB buffer, reading a dial's raster took 22 system calls.
  static func transfer(
    _ descriptor: Int32, _ parts: [UnsafeMutableRawBufferPointer], writing: Bool
  ) -> Bool {
    var vectors = parts.map { iovec(iov_base: $0.baseAddress, iov_len: $0.count) }
    var index = 0
    while index < vectors.count {
      let moved = vectors.withUnsafeMutableBufferPointer { vectors -> Int in
        guard let first = vectors.baseAddress else { return -1 }
        let rest = first + index
        let count = Int32(min(vectors.count - index, 1024))  // Linux's IOV_MAX
        return writing ? writev(descriptor, rest, count) : readv(descriptor, rest, count)
      }
      if moved < 0, errno == EINTR { continue }
      guard moved > 0 else { return false }  // an error, or the file ended early
      var left = moved
      while index < vectors.count, left >= vectors[index].iov_len {
        left -= vectors[index].iov_len
        index += 1
      }
      if left > 0 {
        vectors[index].iov_base = vectors[index].iov_base.map { $0 + left }
        vectors[index].iov_len -= left
      }
    }
    return true
  }

  /// Makes the folder and, if missing, the one above it (`clockwork/rasters` in a new cache
  /// folder) with `mkdir`; deeper ones with FileManager, whose URL and path code a first start
  /// would otherwise map for these two folders alone.
  func makeFolder() {
    func made(_ path: Substring) -> Bool { mkdir(String(path), 0o777) == 0 || errno == EEXIST }
    let path = directory[...]
    if made(path) { return }
    if errno == ENOENT, let slash = path.lastIndex(of: "/"), slash > path.startIndex,
      made(path[..<slash]), made(path)
    {
      return
    }
    try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
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
