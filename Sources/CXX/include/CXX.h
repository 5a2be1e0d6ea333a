/// Umbrella header of the C++ core.
///
/// Everything declared here is plain C++ over pointers, sizes and std types:
/// Eigen appears only inside the core's .cpp files, so Swift's importer never
/// parses an Eigen template. Every function is `noexcept`: failures come back
/// as a `core::Status`, never as an exception.
#pragma once

#include "CoreStatus.h"
#include "MatrixCore.h"
#include "ComplexCore.h"
#include "PrimeCore.h"
#include "SparseCore.h"
#include "BuildInfo.h"
