import ClockworkModes
import Testing

@Suite struct CacheFoldersTests {
  @Test func theRasterFolderFollowsXDG() {
    #expect(
      CacheFolders.rasters(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/a"])
        == "/x/cache/clockwork/rasters")
    #expect(
      CacheFolders.rasters(environment: ["HOME": "/home/a"]) == "/home/a/.cache/clockwork/rasters")
    #expect(
      CacheFolders.rasters(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/a"])
        == "/home/a/.cache/clockwork/rasters")
    #expect(CacheFolders.rasters(environment: [:]) == nil)
  }
}
