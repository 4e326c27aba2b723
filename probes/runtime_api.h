#pragma once
// The GPU runtime the probes call, loaded at run time (issue 16): the probe is linked to no HIP
// or CUDA soname, so it starts on every ROCm (5.x–10.x, TheRock wheels, torch's bundled copy) and
// says which runtime answered. Only ABI-stable entry points are used: device attributes instead
// of hipDeviceProp_t (its layout changed in HIP 6.0: hipGetDevicePropertiesR0600), and the module
// API for kernels, so no compiler-generated registration code ties the probe to one runtime.
//
// The constants below are the values HIP and the CUDA runtime share (HIP numbered its errors,
// copy kinds and flags after CUDA's); probes/abi_check.cpp asserts each one against the real
// headers it is compiled with, so a header that disagrees breaks the build, not the probe.
#include <cstddef>
#include <string>

namespace probe {

using hipError_t = int;
struct RdStream;
struct RdEvent;
struct RdModule;
struct RdFunction;
using hipStream_t = RdStream*;
using hipEvent_t = RdEvent*;
using hipModule_t = RdModule*;
using hipFunction_t = RdFunction*;
using hipMemcpyKind = int;

constexpr hipError_t hipSuccess = 0;
constexpr hipError_t hipErrorInsufficientDriver = 35;
constexpr hipError_t hipErrorInvalidDeviceFunction = 98;
constexpr hipError_t hipErrorNoDevice = 100;
constexpr hipError_t hipErrorInvalidDevice = 101;
constexpr hipError_t hipErrorInvalidImage = 200;
constexpr hipError_t hipErrorNoBinaryForGpu = 209;
constexpr hipError_t hipErrorInvalidKernelFile = 218;  // CUDA: cudaErrorInvalidPtx
constexpr hipError_t hipErrorSharedObjectInitFailed = 303;
constexpr hipError_t hipErrorNotFound = 500;  // a kernel name missing from a loaded module
constexpr hipError_t hipErrorNotReady = 600;

constexpr hipMemcpyKind hipMemcpyHostToDevice = 1;
constexpr hipMemcpyKind hipMemcpyDeviceToHost = 2;
constexpr hipMemcpyKind hipMemcpyDeviceToDevice = 3;
constexpr hipMemcpyKind hipMemcpyDefault = 4;

constexpr unsigned hipHostMallocDefault = 0x0;
constexpr unsigned hipHostMallocMapped = 0x2;          // cudaHostAllocMapped
constexpr unsigned hipHostMallocCoherent = 0x40000000; // HIP only: fine-grained host memory
constexpr unsigned hipStreamNonBlocking = 0x1;
constexpr unsigned hipEventDisableTiming = 0x2;

/// Device attributes by platform (the numbering differs between HIP and CUDA): hipDeviceAttribute_t
/// since HIP 5.0 (CUDA-compatible block from 0, AMD block from 10000), cudaDeviceAttr; -1: none.
struct Attributes {
  int async_engine_count, concurrent_kernels, multiprocessor_count, compute_major, compute_minor, large_bar;
};
#ifdef RD_PROBE_CUDA
inline constexpr Attributes kAttributes{40, 31, 16, 75, 76, -1};
#else
inline constexpr Attributes kAttributes{2, 8, 63, 23, 61, 10011};
#endif

// Runtime entry points with the same shape in HIP and the CUDA runtime:
// X(hip name, cuda name, return type, parameters, argument names).
#define RD_RUNTIME_FUNCTIONS(X)                                                                                  \
  X(hipGetDeviceCount, cudaGetDeviceCount, hipError_t, (int* n), (n))                                            \
  X(hipSetDevice, cudaSetDevice, hipError_t, (int d), (d))                                                       \
  X(hipGetDevice, cudaGetDevice, hipError_t, (int* d), (d))                                                      \
  X(hipDeviceGetAttribute, cudaDeviceGetAttribute, hipError_t, (int* v, int a, int d), (v, a, d))                \
  X(hipDeviceGetPCIBusId, cudaDeviceGetPCIBusId, hipError_t, (char* s, int n, int d), (s, n, d))                 \
  X(hipDriverGetVersion, cudaDriverGetVersion, hipError_t, (int* v), (v))                                        \
  X(hipRuntimeGetVersion, cudaRuntimeGetVersion, hipError_t, (int* v), (v))                                      \
  X(hipDeviceSynchronize, cudaDeviceSynchronize, hipError_t, (), ())                                             \
  X(hipGetLastError, cudaGetLastError, hipError_t, (), ())                                                       \
  X(hipGetErrorName, cudaGetErrorName, const char*, (hipError_t e), (e))                                         \
  X(hipGetErrorString, cudaGetErrorString, const char*, (hipError_t e), (e))                                     \
  X(hipMalloc, cudaMalloc, hipError_t, (void** p, size_t n), (p, n))                                             \
  X(hipFree, cudaFree, hipError_t, (void* p), (p))                                                               \
  X(hipHostMalloc, cudaHostAlloc, hipError_t, (void** p, size_t n, unsigned f), (p, n, f))                       \
  X(hipHostFree, cudaFreeHost, hipError_t, (void* p), (p))                                                       \
  X(hipHostGetDevicePointer, cudaHostGetDevicePointer, hipError_t, (void** d, void* h, unsigned f), (d, h, f))   \
  X(hipMemset, cudaMemset, hipError_t, (void* p, int v, size_t n), (p, v, n))                                    \
  X(hipMemcpy, cudaMemcpy, hipError_t, (void* d, const void* s, size_t n, hipMemcpyKind k), (d, s, n, k))        \
  X(hipMemcpyAsync, cudaMemcpyAsync, hipError_t, (void* d, const void* s, size_t n, hipMemcpyKind k, hipStream_t t), \
    (d, s, n, k, t))                                                                                             \
  X(hipMemcpyPeerAsync, cudaMemcpyPeerAsync, hipError_t,                                                         \
    (void* d, int dd, const void* s, int sd, size_t n, hipStream_t t), (d, dd, s, sd, n, t))                     \
  X(hipDeviceCanAccessPeer, cudaDeviceCanAccessPeer, hipError_t, (int* c, int d, int p), (c, d, p))              \
  X(hipDeviceEnablePeerAccess, cudaDeviceEnablePeerAccess, hipError_t, (int p, unsigned f), (p, f))              \
  X(hipStreamCreate, cudaStreamCreate, hipError_t, (hipStream_t* s), (s))                                        \
  X(hipStreamCreateWithFlags, cudaStreamCreateWithFlags, hipError_t, (hipStream_t* s, unsigned f), (s, f))       \
  X(hipStreamDestroy, cudaStreamDestroy, hipError_t, (hipStream_t s), (s))                                       \
  X(hipStreamSynchronize, cudaStreamSynchronize, hipError_t, (hipStream_t s), (s))                               \
  X(hipStreamWaitEvent, cudaStreamWaitEvent, hipError_t, (hipStream_t s, hipEvent_t e, unsigned f), (s, e, f))   \
  X(hipEventCreate, cudaEventCreate, hipError_t, (hipEvent_t* e), (e))                                           \
  X(hipEventRecord, cudaEventRecord, hipError_t, (hipEvent_t e, hipStream_t s), (e, s))                          \
  X(hipEventSynchronize, cudaEventSynchronize, hipError_t, (hipEvent_t e), (e))                                  \
  X(hipEventElapsedTime, cudaEventElapsedTime, hipError_t, (float* ms, hipEvent_t a, hipEvent_t b), (ms, a, b))  \
  X(hipEventDestroy, cudaEventDestroy, hipError_t, (hipEvent_t e), (e))

// The module API: HIP's own, or CUDA's driver API (libcuda.so.1) with the same shapes; CUresult
// values are not cudaError_t values, so their names come from DriverErrorName.
#define RD_MODULE_FUNCTIONS(X)                                                                                   \
  X(hipModuleLoadData, cuModuleLoadData, hipError_t, (hipModule_t* m, const void* image), (m, image))            \
  X(hipModuleUnload, cuModuleUnload, hipError_t, (hipModule_t m), (m))                                           \
  X(hipModuleGetFunction, cuModuleGetFunction, hipError_t, (hipFunction_t* f, hipModule_t m, const char* name),  \
    (f, m, name))                                                                                                \
  X(hipModuleLaunchKernel, cuLaunchKernel, hipError_t,                                                           \
    (hipFunction_t f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,              \
     unsigned shared, hipStream_t s, void** params, void** extra),                                               \
    (f, gx, gy, gz, bx, by, bz, shared, s, params, extra))

struct RuntimeTable {
#define RD_MEMBER(hip, cuda, ret, params, args) ret(*hip) params = nullptr;
  RD_RUNTIME_FUNCTIONS(RD_MEMBER)
  RD_MODULE_FUNCTIONS(RD_MEMBER)
#undef RD_MEMBER
};
/// The loaded table; every pointer is set once LoadRuntime succeeded.
const RuntimeTable& Rt();

#define RD_FORWARD(hip, cuda, ret, params, args) \
  inline ret hip params { return Rt().hip args; }
RD_RUNTIME_FUNCTIONS(RD_FORWARD)
RD_MODULE_FUNCTIONS(RD_FORWARD)
#undef RD_FORWARD

/// Name of a module-API result (HIP: hipGetErrorName; CUDA: cuGetErrorName of the CUresult).
std::string DriverErrorName(hipError_t result);
/// Device name and memory: hipDeviceGetName/hipDeviceTotalMem, or cuDeviceGetName/cuDeviceTotalMem.
std::string DeviceName(int device);
size_t DeviceTotalMem(int device);

/// Which runtime file answered: what the report states next to every probe result.
struct LoadedRuntime {
  bool ok = false;
  std::string path;                   ///< The file the dynamic loader opened (realpath).
  std::string requested;              ///< --runtime=PATH, or "" for the default search.
  std::string error;                  ///< Why nothing could be loaded (every attempt named).
  std::string module_library;         ///< CUDA: the driver library for the module API.
};
/// Loads `requested` (a path, from the doctor's library view), or else searches the usual names.
LoadedRuntime LoadRuntime(const std::string& requested);
/// "hip" or "cuda": the platform this probe was built for.
const char* PlatformName();
/// hipRuntimeGetVersion's number as text: 60443484 -> "6.4.43484", CUDA 13000 -> "13.0".
std::string RuntimeVersionText(int version);

}  // namespace probe
