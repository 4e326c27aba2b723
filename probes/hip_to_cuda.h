#pragma once
// The HIP runtime calls the probes use, mapped onto the CUDA runtime for NVIDIA builds (HIP's
// "CUDA platform"). Debian's HIP nvidia headers do not compile with CUDA 13 (cudaDeviceProp lost
// clockRate and computeMode), so, like ROCm's TransferBench, the probes carry their own small
// mapping of exactly what they call. Used only when RD_PROBE_CUDA is defined.
#include <cuda_runtime_api.h>

using hipError_t = cudaError_t;
using hipStream_t = cudaStream_t;
using hipEvent_t = cudaEvent_t;
using hipDeviceProp_t = cudaDeviceProp;
using hipMemcpyKind = cudaMemcpyKind;

constexpr hipError_t hipSuccess = cudaSuccess;
constexpr hipError_t hipErrorNoDevice = cudaErrorNoDevice;
constexpr hipError_t hipErrorInvalidDevice = cudaErrorInvalidDevice;
constexpr hipError_t hipErrorNoBinaryForGpu = cudaErrorNoKernelImageForDevice;
constexpr hipError_t hipErrorInvalidDeviceFunction = cudaErrorInvalidDeviceFunction;
constexpr hipError_t hipErrorNotReady = cudaErrorNotReady;

constexpr hipMemcpyKind hipMemcpyHostToDevice = cudaMemcpyHostToDevice;
constexpr hipMemcpyKind hipMemcpyDeviceToHost = cudaMemcpyDeviceToHost;
constexpr hipMemcpyKind hipMemcpyDeviceToDevice = cudaMemcpyDeviceToDevice;
constexpr hipMemcpyKind hipMemcpyDefault = cudaMemcpyDefault;

constexpr unsigned hipHostMallocDefault = cudaHostAllocDefault;
constexpr unsigned hipHostMallocMapped = cudaHostAllocMapped;
constexpr unsigned hipStreamNonBlocking = cudaStreamNonBlocking;
constexpr unsigned hipEventDisableTiming = cudaEventDisableTiming;

inline const char* hipGetErrorName(hipError_t e) { return cudaGetErrorName(e); }
inline const char* hipGetErrorString(hipError_t e) { return cudaGetErrorString(e); }
inline hipError_t hipGetLastError() { return cudaGetLastError(); }
inline hipError_t hipGetDeviceCount(int* n) { return cudaGetDeviceCount(n); }
inline hipError_t hipSetDevice(int d) { return cudaSetDevice(d); }
inline hipError_t hipGetDeviceProperties(hipDeviceProp_t* p, int d) { return cudaGetDeviceProperties(p, d); }
inline hipError_t hipDeviceGetPCIBusId(char* s, int n, int d) { return cudaDeviceGetPCIBusId(s, n, d); }
inline hipError_t hipDriverGetVersion(int* v) { return cudaDriverGetVersion(v); }
inline hipError_t hipRuntimeGetVersion(int* v) { return cudaRuntimeGetVersion(v); }
inline hipError_t hipDeviceSynchronize() { return cudaDeviceSynchronize(); }

inline hipError_t hipMalloc(void** p, size_t n) { return cudaMalloc(p, n); }
inline hipError_t hipFree(void* p) { return cudaFree(p); }
inline hipError_t hipHostMalloc(void** p, size_t n, unsigned flags) { return cudaHostAlloc(p, n, flags); }
inline hipError_t hipHostFree(void* p) { return cudaFreeHost(p); }
inline hipError_t hipHostGetDevicePointer(void** d, void* h, unsigned flags) { return cudaHostGetDevicePointer(d, h, flags); }
inline hipError_t hipMemset(void* p, int v, size_t n) { return cudaMemset(p, v, n); }
inline hipError_t hipMemcpy(void* d, const void* s, size_t n, hipMemcpyKind k) { return cudaMemcpy(d, s, n, k); }
inline hipError_t hipMemcpyAsync(void* d, const void* s, size_t n, hipMemcpyKind k, hipStream_t st) {
  return cudaMemcpyAsync(d, s, n, k, st);
}
inline hipError_t hipMemcpyPeerAsync(void* d, int dd, const void* s, int sd, size_t n, hipStream_t st) {
  return cudaMemcpyPeerAsync(d, dd, s, sd, n, st);
}
inline hipError_t hipDeviceCanAccessPeer(int* can, int d, int peer) { return cudaDeviceCanAccessPeer(can, d, peer); }
inline hipError_t hipDeviceEnablePeerAccess(int peer, unsigned flags) { return cudaDeviceEnablePeerAccess(peer, flags); }

inline hipError_t hipStreamCreate(hipStream_t* s) { return cudaStreamCreate(s); }
inline hipError_t hipStreamCreateWithFlags(hipStream_t* s, unsigned f) { return cudaStreamCreateWithFlags(s, f); }
inline hipError_t hipStreamDestroy(hipStream_t s) { return cudaStreamDestroy(s); }
inline hipError_t hipStreamSynchronize(hipStream_t s) { return cudaStreamSynchronize(s); }
inline hipError_t hipStreamWaitEvent(hipStream_t s, hipEvent_t e, unsigned f) { return cudaStreamWaitEvent(s, e, f); }
inline hipError_t hipEventCreate(hipEvent_t* e) { return cudaEventCreate(e); }
inline hipError_t hipEventCreateWithFlags(hipEvent_t* e, unsigned f) { return cudaEventCreateWithFlags(e, f); }
inline hipError_t hipEventRecord(hipEvent_t e, hipStream_t s) { return cudaEventRecord(e, s); }
inline hipError_t hipEventSynchronize(hipEvent_t e) { return cudaEventSynchronize(e); }
inline hipError_t hipEventElapsedTime(float* ms, hipEvent_t a, hipEvent_t b) { return cudaEventElapsedTime(ms, a, b); }
inline hipError_t hipEventDestroy(hipEvent_t e) { return cudaEventDestroy(e); }
