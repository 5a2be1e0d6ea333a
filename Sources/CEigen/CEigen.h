// CEigen carries Eigen's include path (from pkg-config "eigen3") to the C++
// core. It deliberately includes nothing: Eigen is used only inside the core's
// .cpp files, so no Swift importer ever parses Eigen's templates.
#pragma once
