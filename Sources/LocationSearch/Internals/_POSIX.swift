#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads up to `count` bytes into `buffer`: at `offset` (`pread`), or from the file's
/// position (`read`) when `offset` is `nil`; until `count` bytes, the end of the file or an
/// error, in calls of at most 16 MiB, retrying a call a signal interrupted. The number of
/// bytes read (fewer than `count` only at the end of the file), or -1 with `errno` set.
///
/// (A free function, so that types with a `read` of their own, such as `_GeoNamesFile`,
/// need not name the C library's.)
func readFully(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, at offset: Int? = nil) -> Int {
    var done = 0
    while done < count {
        let piece = min(count - done, 1 << 24)
        let n = if let offset {
            pread(descriptor, buffer + done, piece, off_t(offset + done))
        } else {
            read(descriptor, buffer + done, piece)
        }
        if n > 0 {
            done += n
        } else if n == 0 {
            break
        } else if errno != EINTR {
            return -1
        }
    }
    return done
}

/// Writes `count` bytes from `buffer` at the file's position, retrying a call a signal
/// interrupted: `count`, or fewer when a call wrote nothing or failed (`errno` set).
func writeFully(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    var done = 0
    while done < count {
        let n = write(descriptor, buffer + done, count - done)
        if n > 0 {
            done += n
        } else if n < 0 && errno == EINTR {
            continue
        } else {
            break
        }
    }
    return done
}

/// What is at `path` when it is not a regular file, in words ("a symbolic link", "a
/// FIFO", "a device", "a directory", "a socket"); `nil` for a regular file or nothing
/// there. `followingLinks: false` looks at a symbolic link itself (`lstat`), not at what
/// it names.
///
///     nonRegularFileKind(atPath: "/dev/null")   // "a device"
func nonRegularFileKind(atPath path: String, followingLinks: Bool = true) -> String? {
    var status = stat()
    guard (followingLinks ? stat(path, &status) : lstat(path, &status)) == 0 else { return nil }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return nil
    case S_IFLNK: return "a symbolic link"
    case S_IFIFO: return "a FIFO"
    case S_IFCHR, S_IFBLK: return "a device"
    case S_IFDIR: return "a directory"
    case S_IFSOCK: return "a socket"
    default: return "not a regular file"
    }
}

/// The C library's words for error `code` (`strerror`), by default the last call's
/// (`errno`): the reason in the library's file errors ("No such file or directory").
func errnoDescription(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

/// Returns the heap pages `free` has kept to the system, where the C library can
/// (glibc's `malloc_trim`, looked up: the Glibc module does not declare it; elsewhere
/// nothing). Called once an index build has freed its temporaries: glibc keeps freed
/// memory in its arenas, and a process that had built the bundled index held about 300 MB
/// resident, not 87 (one that reads the cached index holds 60).
func releaseFreedMemory() {
    #if canImport(Glibc)
    // (RTLD_DEFAULT is a null handle.)
    if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
        typealias Trim = @convention(c) (Int) -> Int32
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }
    #endif
}
