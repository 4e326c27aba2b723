#pragma once
// What the probes call: the runtime loaded at run time (runtime_api.h, the same on AMD and
// NVIDIA) and the launch wrappers of the kernels in kernels.hip (launch.cpp).
#include <cstddef>

#include "runtime_api.h"

namespace probe {

// Launch errors are returned (like hipGetLastError after a launch); KernelsFor's failure to find
// code for the GPU is thrown as probe::Failure by the first launch on a device.
hipError_t LaunchScale(const float* in, float* out, float factor, size_t n, hipStream_t stream);
hipError_t LaunchEmpty(hipStream_t stream);
/// One thread spins until *flag != 0 or `ms` milliseconds of device wall clock have passed; it
/// writes 1 to *timed_out when the timeout ended it (a bounded stand-in for "busy kernel").
hipError_t LaunchSpin(volatile int* flag, int* timed_out, double ms, hipStream_t stream);
/// Ticks per millisecond of the device clock the spin kernel reads (for the record).
double SpinTicksPerMs();

}  // namespace probe
