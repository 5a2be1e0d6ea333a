// The one place where C++ exceptions stop: every exported function runs its
// body through guarded(), so nothing ever unwinds into Swift.
#pragma once

#include <new>
#include <stdexcept>

#include "CoreStatus.h"

namespace core::detail {

/// Thrown by the core's replacement for `eigen_assert` (debug builds only), so
/// that a broken Eigen precondition becomes `Status::invalidArgument` instead
/// of an abort.
struct EigenAssertionFailure : std::logic_error {
  using std::logic_error::logic_error;
};

/// Thrown at a checkpoint of a cancelled prime job (see PrimeJob.hpp).
struct JobCancelled {};

/// A status other than `ok` from a core call made deep inside a body that
/// reports failure by exception (as Eigen-shaped code does): `guarded`
/// returns the status itself.
struct FailedStatus {
  Status status;
};

/// Runs `body` (which returns a `Status`) and maps every exception to a status.
template <class Body>
Status guarded(Body&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return Status::outOfMemory;
  } catch (const EigenAssertionFailure&) {
    return Status::invalidArgument;
  } catch (const JobCancelled&) {
    return Status::cancelled;
  } catch (const FailedStatus& failure) {
    return failure.status;
  } catch (...) {
    return Status::internalError;
  }
}

}  // namespace core::detail
