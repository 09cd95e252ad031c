// The one place that names the C library: Glibc on Linux, Darwin on macOS. Modules that make
// system calls import `Platform` instead of either.
#if canImport(Glibc)
    @_exported import Glibc
#elseif canImport(Darwin)
    @_exported import Darwin
#endif
