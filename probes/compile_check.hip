// rocm-doctor compile check: compiled (never run) with the user's hipcc for the detected GPU
// targets. It pulls in what breaks on real machines: libstdc++ headers through the HIP
// wrappers (<cmath>: pitfalls.md #38), a device kernel with math (#13 offload targets),
// and a link against libamdhip64 and libstdc++ (-lstdc++ not found, #38).
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

__global__ void Scale(float* data, float factor, int n) {
  int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n) data[i] = std::sqrt(data[i]) * factor;
}

int main() {
  std::vector<float> host(256, 4.0f);
  float* device = nullptr;
  size_t bytes = host.size() * sizeof(float);
  if (hipMalloc(&device, bytes) != hipSuccess) return 1;
  hipStream_t stream = nullptr;
  (void)hipStreamCreate(&stream);
  (void)hipMemcpyAsync(device, host.data(), bytes, hipMemcpyHostToDevice, stream);
  hipLaunchKernelGGL(Scale, dim3(1), dim3(256), 0, stream, device, 2.0f, static_cast<int>(host.size()));
  (void)hipMemcpyAsync(host.data(), device, bytes, hipMemcpyDeviceToHost, stream);
  (void)hipStreamSynchronize(stream);
  std::printf("%f\n", static_cast<double>(host[0]));
  (void)hipStreamDestroy(stream);
  (void)hipFree(device);
  return 0;
}
