#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal's attributes as `tcgetattr(3)` reports them, comparable.
struct TerminalAttributes: Equatable, CustomStringConvertible {
    var inputFlags, outputFlags, controlFlags, localFlags: UInt
    var controlCharacters: [UInt8]
    var inputSpeed, outputSpeed: UInt

    init(of descriptor: Int32) throws {
        var attributes = termios()
        guard tcgetattr(descriptor, &attributes) == 0 else {
            throw HarnessError(description: "tcgetattr failed: errno \(errno)")
        }
        inputFlags = UInt(attributes.c_iflag)
        outputFlags = UInt(attributes.c_oflag)
        controlFlags = UInt(attributes.c_cflag)
        localFlags = UInt(attributes.c_lflag)
        controlCharacters = withUnsafeBytes(of: attributes.c_cc) { Array($0) }
        inputSpeed = UInt(cfgetispeed(&attributes))
        outputSpeed = UInt(cfgetospeed(&attributes))
    }

    /// Canonical input and echo: a shell's line editing works.
    var isCooked: Bool { localFlags & UInt(ICANON) != 0 && localFlags & UInt(ECHO) != 0 }

    var description: String {
        "iflag \(String(inputFlags, radix: 16)) oflag \(String(outputFlags, radix: 16)) "
            + "cflag \(String(controlFlags, radix: 16)) lflag \(String(localFlags, radix: 16)) cc \(controlCharacters)"
    }
}
