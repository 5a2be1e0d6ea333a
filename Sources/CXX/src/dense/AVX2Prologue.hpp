// Opens a region compiled for AVX2+FMA, for the *AVX2.cpp kernel variants:
// include it after KernelVariants.hpp and before the kernels header, and
// AVX2Epilogue.hpp after the variant's functions. No include guard: each
// variant translation unit includes it once.
// Standard headers first, so that they are compiled as usual, outside the
// target attribute below.
#include <algorithm>
#include <array>
#include <cassert>
#include <cfloat>
#include <climits>
#include <cmath>
#include <complex>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <iosfwd>
#include <limits>
#include <memory>
#include <mutex>
#include <new>
#include <numeric>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <immintrin.h>

#include "Guarded.hpp"
#include "ThreadPool.hpp"

#pragma clang attribute push(__attribute__((target("avx2,fma"))), apply_to = function)

// Eigen picks its packet types from these macros, which the compiler only
// defines under -mavx2 -mfma; the attribute above makes the code legal.
#define __SSE3__ 1
#define __SSSE3__ 1
#define __SSE4_1__ 1
#define __SSE4_2__ 1
#define __AVX__ 1
#define __AVX2__ 1
#define __FMA__ 1
#define Eigen EigenAVX2

