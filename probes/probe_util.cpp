#include "probe_util.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

namespace probe {

void Check(hipError_t result, const char* call) {
  if (result == hipSuccess) return;
  throw Failure(hipGetErrorName(result), std::string(call) + ": " + hipGetErrorString(result));
}

void FailVerification(const std::string& what) { throw Failure("verification", what); }

std::string JsonString(const std::string& text) {
  std::string out = "\"";
  for (unsigned char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out + "\"";
}

Line::Line(const std::string& probe, int device) : text_("{\"probe\":" + JsonString(probe)) {
  if (device >= 0) Int("device", device);
}
Line& Line::Str(const char* key, const std::string& value) { return Raw(key, JsonString(value)); }
Line& Line::Num(const char* key, double value) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.6g", value);
  return Raw(key, value == value ? buf : "null");
}
Line& Line::Int(const char* key, long long value) { return Raw(key, std::to_string(value)); }
Line& Line::Bool(const char* key, bool value) { return Raw(key, value ? "true" : "false"); }
Line& Line::Raw(const char* key, const std::string& json) {
  text_ += "," + JsonString(key) + ":" + json;
  return *this;
}
void Line::Emit() {
  std::fputs((text_ + "}\n").c_str(), stdout);
  std::fflush(stdout);
}

double MsSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double Median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  size_t mid = values.size() / 2;
  return values.size() % 2 ? values[mid] : (values[mid - 1] + values[mid]) / 2;
}

DeviceBuffer::DeviceBuffer(size_t bytes) { Check(hipMalloc(&ptr_, bytes), "hipMalloc"); }
DeviceBuffer::~DeviceBuffer() { (void)hipFree(ptr_); }

PinnedBuffer::PinnedBuffer(size_t bytes, unsigned flags) { Check(hipHostMalloc(&ptr_, bytes, flags), "hipHostMalloc"); }
PinnedBuffer::~PinnedBuffer() { (void)hipHostFree(ptr_); }

Stream::Stream(bool non_blocking) {
  if (non_blocking) Check(hipStreamCreateWithFlags(&stream_, hipStreamNonBlocking), "hipStreamCreateWithFlags");
  else Check(hipStreamCreate(&stream_), "hipStreamCreate");
}
Stream::~Stream() { (void)hipStreamDestroy(stream_); }

Event::Event() { Check(hipEventCreate(&event_), "hipEventCreate"); }
Event::~Event() { (void)hipEventDestroy(event_); }

float ElapsedMs(const Event& start, const Event& end) {
  Check(hipEventSynchronize(end.get()), "hipEventSynchronize");
  float ms = 0;
  Check(hipEventElapsedTime(&ms, start.get(), end.get()), "hipEventElapsedTime");
  return ms;
}

#ifdef RD_PROBE_CUDA
constexpr unsigned kFlagAlloc = hipHostMallocMapped;
#else
// Coherent (fine-grained) so that the kernel sees the host's store while it runs.
constexpr unsigned kFlagAlloc = hipHostMallocMapped | hipHostMallocCoherent;
#endif

SpinFlag::SpinFlag() : buffer_(64, kFlagAlloc), host_(static_cast<volatile int*>(buffer_.get())) {
  void* device = nullptr;
  Check(hipHostGetDevicePointer(&device, buffer_.get(), 0), "hipHostGetDevicePointer");
  device_flag_ = static_cast<volatile int*>(device);
  device_timed_out_ = static_cast<int*>(device) + 1;
  Arm();
}

void SpinFlag::Arm() {
  host_[0] = 0;
  host_[1] = 0;
  __sync_synchronize();
}

void SpinFlag::Release() {
  __sync_synchronize();
  host_[0] = 1;
  __sync_synchronize();
}

std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void FillPattern(void* data, size_t bytes, uint32_t seed) {
  auto* words = static_cast<uint32_t*>(data);
  for (size_t i = 0; i < bytes / 4; ++i) words[i] = static_cast<uint32_t>(i) * 2654435761u ^ seed;
}

bool CheckPattern(const void* data, size_t bytes, uint32_t seed) {
  const auto* words = static_cast<const uint32_t*>(data);
  for (size_t i = 0; i < bytes / 4; ++i) {
    if (words[i] != (static_cast<uint32_t>(i) * 2654435761u ^ seed)) return false;
  }
  return true;
}

}  // namespace probe
