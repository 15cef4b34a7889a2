// The translation unit that builds the test programs' shared precompiled
// header (tests/CMakeLists.txt); it has no code of its own.
