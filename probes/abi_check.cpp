// Compiled (never run) against the real runtime header the build finds: every constant
// runtime_api.h declares for the dlopen'ed runtime must equal the header's, or the build stops
// here instead of the probe passing wrong values (issue 16). The opt-in tests compile it again
// against Debian sid's HIP 6.4 headers (tests/integration-optin/probe_runtimes.sh).
#include "runtime_api.h"

// Taken before the header: HIP defines its flags as macros, which would rewrite these names.
namespace ours {
constexpr long long host_mapped = probe::hipHostMallocMapped, host_coherent = probe::hipHostMallocCoherent;
constexpr long long non_blocking = probe::hipStreamNonBlocking, disable_timing = probe::hipEventDisableTiming;
}  // namespace ours

#ifdef RD_PROBE_CUDA
#include <cuda.h>
#include <cuda_runtime_api.h>
#define RD_HIP(hip, cuda) cuda
#else
#ifndef __HIP_PLATFORM_AMD__
#define __HIP_PLATFORM_AMD__ 1
#endif
#include <hip/hip_runtime_api.h>
#define RD_HIP(hip, cuda) hip
#endif

#define RD_SAME(ours, theirs) \
  static_assert(static_cast<long long>(ours) == static_cast<long long>(theirs), #ours " differs from " #theirs);

RD_SAME(probe::hipSuccess, RD_HIP(hipSuccess, cudaSuccess))
RD_SAME(probe::hipErrorInsufficientDriver, RD_HIP(hipErrorInsufficientDriver, cudaErrorInsufficientDriver))
RD_SAME(probe::hipErrorInvalidDeviceFunction, RD_HIP(hipErrorInvalidDeviceFunction, cudaErrorInvalidDeviceFunction))
RD_SAME(probe::hipErrorNoDevice, RD_HIP(hipErrorNoDevice, cudaErrorNoDevice))
RD_SAME(probe::hipErrorInvalidDevice, RD_HIP(hipErrorInvalidDevice, cudaErrorInvalidDevice))
RD_SAME(probe::hipErrorInvalidImage, RD_HIP(hipErrorInvalidImage, CUDA_ERROR_INVALID_IMAGE))
RD_SAME(probe::hipErrorNoBinaryForGpu, RD_HIP(hipErrorNoBinaryForGpu, CUDA_ERROR_NO_BINARY_FOR_GPU))
RD_SAME(probe::hipErrorInvalidKernelFile, RD_HIP(hipErrorInvalidKernelFile, CUDA_ERROR_INVALID_PTX))
RD_SAME(probe::hipErrorSharedObjectInitFailed, RD_HIP(hipErrorSharedObjectInitFailed, CUDA_ERROR_SHARED_OBJECT_INIT_FAILED))
RD_SAME(probe::hipErrorNotReady, RD_HIP(hipErrorNotReady, cudaErrorNotReady))
RD_SAME(probe::hipErrorNotFound, RD_HIP(hipErrorNotFound, CUDA_ERROR_NOT_FOUND))
RD_SAME(probe::hipMemcpyHostToDevice, RD_HIP(hipMemcpyHostToDevice, cudaMemcpyHostToDevice))
RD_SAME(probe::hipMemcpyDeviceToHost, RD_HIP(hipMemcpyDeviceToHost, cudaMemcpyDeviceToHost))
RD_SAME(probe::hipMemcpyDeviceToDevice, RD_HIP(hipMemcpyDeviceToDevice, cudaMemcpyDeviceToDevice))
RD_SAME(probe::hipMemcpyDefault, RD_HIP(hipMemcpyDefault, cudaMemcpyDefault))
RD_SAME(ours::host_mapped, RD_HIP(hipHostMallocMapped, cudaHostAllocMapped))
RD_SAME(ours::non_blocking, RD_HIP(hipStreamNonBlocking, cudaStreamNonBlocking))
RD_SAME(ours::disable_timing, RD_HIP(hipEventDisableTiming, cudaEventDisableTiming))
#ifndef RD_PROBE_CUDA
RD_SAME(ours::host_coherent, hipHostMallocCoherent)
RD_SAME(probe::kAttributes.large_bar, hipDeviceAttributeIsLargeBar)
#endif
RD_SAME(probe::kAttributes.async_engine_count, RD_HIP(hipDeviceAttributeAsyncEngineCount, cudaDevAttrAsyncEngineCount))
RD_SAME(probe::kAttributes.concurrent_kernels, RD_HIP(hipDeviceAttributeConcurrentKernels, cudaDevAttrConcurrentKernels))
RD_SAME(probe::kAttributes.multiprocessor_count, RD_HIP(hipDeviceAttributeMultiprocessorCount, cudaDevAttrMultiProcessorCount))
RD_SAME(probe::kAttributes.compute_major, RD_HIP(hipDeviceAttributeComputeCapabilityMajor, cudaDevAttrComputeCapabilityMajor))
RD_SAME(probe::kAttributes.compute_minor, RD_HIP(hipDeviceAttributeComputeCapabilityMinor, cudaDevAttrComputeCapabilityMinor))
