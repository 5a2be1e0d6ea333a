// Closes the region opened by AVX2Prologue.hpp.
#pragma clang attribute pop
