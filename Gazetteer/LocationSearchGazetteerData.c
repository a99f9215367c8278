// SwiftPM builds a target's resources only if it has a source file: this is that file
// (see include/LocationSearchGazetteerData.h). It defines nothing, so it compiles to no
// code and no debug information (valgrind 3.19 cannot read the DWARF 5 that clang writes
// for C, and would refuse the whole binary).
