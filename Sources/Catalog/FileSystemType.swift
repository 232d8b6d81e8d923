#if canImport(Glibc)
  import CFileSystem

  /// What file system a library folder is on, from `statfs`'s magic number, and so how it
  /// is followed: inotify sees only changes made through this machine's kernel, so on
  /// network file systems and FUSE mounts (where another machine or a user-space daemon
  /// makes them) a library is polled instead.
  public enum FileSystemType {
    /// File systems polled, by `f_type` (linux/magic.h and the file systems' own headers).
    public static let polled: [UInt32: String] = [
      0x6969: "nfs", 0x517B: "smb", 0xFE53_4D42: "smb2", 0xFF53_4D42: "cifs",
      0x6573_5546: "fuse", 0x0102_1997: "9p", 0x00C3_6400: "ceph", 0x4750_4653: "gpfs",
      0x0BD0_0BD0: "lustre", 0x5346_414F: "afs", 0x6B41_4653: "kafs", 0x7375_7245: "coda",
      0x564C: "ncp", 0x786F_4256: "vboxsf", 0x0116_1970: "gfs2", 0x7461_636F: "ocfs2",
      0x1983_0326: "beegfs",
    ]
    /// Local file systems by name, for the report (inotify works on every one not polled).
    static let local: [UInt32: String] = [
      0xEF53: "ext4", 0x9123_683E: "btrfs", 0x5846_5342: "xfs", 0x0102_1994: "tmpfs",
      0x794C_7630: "overlay", 0x2FC1_2FC1: "zfs", 0xF2F5_2010: "f2fs", 0x4D44: "vfat",
      0x2011_BAB0: "exfat", 0x5346_544E: "ntfs", 0x6E74_6673: "ntfs3", 0x9660: "iso9660",
      0x8584_58F6: "ramfs",
    ]

    /// The environment variable that names a file system instead of asking `statfs` (tests
    /// and the benchmark: `LIGHTBOX_TEST_FSTYPE=nfs`).
    public static let overrideVariable = "LIGHTBOX_TEST_FSTYPE"

    /// How `path` is followed: `LIGHTBOX_TEST_FSTYPE` when set (a polled name polls, any
    /// other name uses inotify), else from `statfs`; a folder `statfs` cannot examine is
    /// left to inotify, whose own error then reports it.
    public static func watchMethod(for path: String, environment: [String: String]) -> WatchMethod {
      if let name = environment[overrideVariable], !name.isEmpty {
        return polled.values.contains(name)
          ? .polling(fileSystem: name) : .inotify(fileSystem: name)
      }
      var magic: UInt = 0
      guard lb_file_system_type(path, &magic) == 0 else { return .inotify(fileSystem: "unknown") }
      return method(magic: UInt32(truncatingIfNeeded: magic))
    }

    /// The method for a `statfs` magic number.
    public static func method(magic: UInt32) -> WatchMethod {
      if let name = polled[magic] { return .polling(fileSystem: name) }
      return .inotify(fileSystem: local[magic] ?? "0x" + String(magic, radix: 16))
    }
  }
#endif
