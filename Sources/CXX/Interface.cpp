// The CXX target is the core's interface: its headers (include/) and module
// map; the implementation is the CXXCore target (src/). This file gives the
// target one C++ source, so that SwiftPM builds it as C++: a target without
// sources is taken for C, and `swift package dump-symbol-graph` (the
// documentation build) then fails on the package's C++ standard flag. It
// also checks that the umbrella header compiles on its own.
#include "CXX.h"
