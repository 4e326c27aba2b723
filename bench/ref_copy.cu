// Reference copy bandwidth for bench/probe_vs_reference.sh (issue 16): an independent, minimal
// CUDA program (runtime API linked statically, no code shared with rocm-doctor-probe) timing the
// same four figures the probe reports, the way nvbandwidth's copy-engine tests do: pinned host
// buffers, cudaMemcpyAsync on non-blocking streams, CUDA events around each copy, warmups, then
// the median; bytes counted once per direction; bidirectional = both directions' bytes over the
// time until both copies are done.
//   ref_copy [MiB for H2D/D2H/bidir, default 64] [MiB for D2D, default 256] [repeats, default 20]
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call)                                                                  \
  do {                                                                               \
    cudaError_t e = (call);                                                          \
    if (e != cudaSuccess) {                                                          \
      std::fprintf(stderr, "%s: %s\n", #call, cudaGetErrorString(e));               \
      std::exit(1);                                                                  \
    }                                                                                \
  } while (0)

static double Median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : (v[m - 1] + v[m]) / 2;
}

template <typename F>
static double TimeMs(F&& enqueue, cudaStream_t a, cudaStream_t b, int warmups, int repeats) {
  cudaEvent_t start, end_a, end_b;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&end_a));
  CHECK(cudaEventCreate(&end_b));
  std::vector<double> ms;
  for (int i = 0; i < warmups + repeats; ++i) {
    CHECK(cudaEventRecord(start, a));
    CHECK(cudaStreamWaitEvent(b, start, 0));
    enqueue();
    CHECK(cudaEventRecord(end_a, a));
    CHECK(cudaEventRecord(end_b, b));
    CHECK(cudaEventSynchronize(end_a));
    CHECK(cudaEventSynchronize(end_b));
    float ta = 0, tb = 0;
    CHECK(cudaEventElapsedTime(&ta, start, end_a));
    CHECK(cudaEventElapsedTime(&tb, start, end_b));
    if (i >= warmups) ms.push_back(std::max(ta, tb));
  }
  return Median(ms);
}

int main(int argc, char** argv) {
  size_t bytes = static_cast<size_t>(argc > 1 ? std::atoi(argv[1]) : 64) << 20;
  size_t d2d_bytes = static_cast<size_t>(argc > 2 ? std::atoi(argv[2]) : 256) << 20;
  int repeats = argc > 3 ? std::atoi(argv[3]) : 20, warmups = 3;
  void *host_src, *host_dst, *dev_a, *dev_b, *d2d_a, *d2d_b;
  CHECK(cudaHostAlloc(&host_src, bytes, cudaHostAllocDefault));
  CHECK(cudaHostAlloc(&host_dst, bytes, cudaHostAllocDefault));
  CHECK(cudaMalloc(&dev_a, bytes));
  CHECK(cudaMalloc(&dev_b, bytes));
  CHECK(cudaMalloc(&d2d_a, d2d_bytes));
  CHECK(cudaMalloc(&d2d_b, d2d_bytes));
  CHECK(cudaMemset(d2d_b, 1, d2d_bytes));
  for (size_t i = 0; i < bytes; ++i) static_cast<unsigned char*>(host_src)[i] = static_cast<unsigned char>(i * 131);
  cudaStream_t up, down;
  CHECK(cudaStreamCreateWithFlags(&up, cudaStreamNonBlocking));
  CHECK(cudaStreamCreateWithFlags(&down, cudaStreamNonBlocking));
  double h2d = TimeMs([&] { CHECK(cudaMemcpyAsync(dev_a, host_src, bytes, cudaMemcpyHostToDevice, up)); }, up, down, warmups, repeats);
  double d2h = TimeMs([&] { CHECK(cudaMemcpyAsync(host_dst, dev_a, bytes, cudaMemcpyDeviceToHost, up)); }, up, down, warmups, repeats);
  double bidir = TimeMs([&] {
    CHECK(cudaMemcpyAsync(dev_b, host_src, bytes, cudaMemcpyHostToDevice, up));
    CHECK(cudaMemcpyAsync(host_dst, dev_a, bytes, cudaMemcpyDeviceToHost, down));
  }, up, down, warmups, repeats);
  double d2d = TimeMs([&] { CHECK(cudaMemcpyAsync(d2d_a, d2d_b, d2d_bytes, cudaMemcpyDeviceToDevice, up)); }, up, down, warmups, repeats);
  auto gbps = [](size_t n, double ms) { return static_cast<double>(n) / (ms * 1e6); };
  std::printf("{\"tool\":\"ref_copy\",\"copy_bytes\":%zu,\"d2d_bytes\":%zu,\"repeats\":%d,\"h2d_pinned_gbps\":%.3f,"
              "\"d2h_pinned_gbps\":%.3f,\"bidir_pinned_gbps\":%.3f,\"d2d_gbps\":%.3f}\n",
              bytes, d2d_bytes, repeats, gbps(bytes, h2d), gbps(bytes, d2h), gbps(2 * bytes, bidir), gbps(d2d_bytes, d2d));
  return 0;
}
