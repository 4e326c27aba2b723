#pragma once
// The runtime API the probes are written against: HIP's own header on AMD, or the small
// HIP-to-CUDA mapping (hip_to_cuda.h) on NVIDIA. Host files include only this, never device code.
#ifdef RD_PROBE_CUDA
#include "hip_to_cuda.h"
#else
#ifndef __HIP_PLATFORM_AMD__
#define __HIP_PLATFORM_AMD__ 1
#endif
#include <hip/hip_runtime_api.h>
#endif

#include <cstddef>

namespace probe {

// Device code lives in kernels.hip (the only file built for the GPU targets); host files launch
// it through these wrappers, which return the launch error (hipGetLastError after the launch).
hipError_t LaunchScale(const float* in, float* out, float factor, size_t n, hipStream_t stream);
hipError_t LaunchEmpty(hipStream_t stream);
/// One thread spins until *flag != 0 or `ms` milliseconds of device wall clock have passed; it
/// writes 1 to *timed_out when the timeout ended it (a bounded stand-in for "busy kernel").
hipError_t LaunchSpin(volatile int* flag, int* timed_out, double ms, hipStream_t stream);
/// Ticks per millisecond of the device clock the spin kernel reads (for the record).
double SpinTicksPerMs();

}  // namespace probe
