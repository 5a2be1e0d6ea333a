// Release builds of the core carry no debug information for its functions
// and variables. SwiftPM compiles C++ with `-g` in every configuration, and
// a package cannot turn that off without an unsafe flag; for the core's
// Eigen-heavy units the debug information was half of the compile time
// (dense/MatrixSVD.cpp, one job: 45.9 s with it, 23.9 s without) and it
// changes no machine code (the unit's .text is byte for byte that of
// `-g0`). Each unit opens the region before its first include and closes it
// at its end:
//
//     #include "ReleaseDebugInfo.hpp"
//     CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN
//     ...
//     CORE_RELEASE_WITHOUT_DEBUG_INFO_END
//
// `nodebug` on every function-typed declaration and every variable but
// parameters, by `#pragma clang attribute`, covers Eigen's templates and the
// standard library's too, since they are declared inside the region. Debug
// builds (no `NDEBUG`) keep full debug information. Release stack traces
// still name the core's functions (the symbols stay); they lose the core's
// file and line numbers.
#pragma once

#if defined(NDEBUG) && defined(__clang__)
// (_Pragma takes one string literal, so the line is long.)
#define CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN \
  _Pragma("clang attribute push(__attribute__((nodebug)), apply_to = any(hasType(functionType), variable(unless(is_parameter))))")
#define CORE_RELEASE_WITHOUT_DEBUG_INFO_END _Pragma("clang attribute pop")
#else
#define CORE_RELEASE_WITHOUT_DEBUG_INFO_BEGIN
#define CORE_RELEASE_WITHOUT_DEBUG_INFO_END
#endif
