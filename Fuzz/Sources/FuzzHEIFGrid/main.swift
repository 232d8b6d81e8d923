import CFuzzDriver

#if canImport(Glibc)
  import Glibc
#endif

// SwiftPM links executables with their own main (`--defsym main=<Module>_main`); it hands
// the command line to libFuzzer. LLVMFuzzerTestOneInput is defined too, because
// libFuzzer's archive member holding its main refers to it.
var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
var count = CommandLine.argc
let status = LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzHEIFGrid(data, size) }
exit(status)
