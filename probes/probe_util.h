#pragma once
// Shared by the probes: one JSON object per output line, API checks that name the failing call,
// buffers and streams that free themselves, clocks and medians.
#include <chrono>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "probe_api.h"

namespace probe {

/// A failed runtime call or a failed verification; the probe's line then says status "fail".
struct Failure : std::runtime_error {
  Failure(std::string error_name, const std::string& message)
      : std::runtime_error(message), error(std::move(error_name)) {}
  std::string error;  ///< "hipErrorNoBinaryForGpu", or "verification" for wrong data.
  std::string target;  ///< The GPU target no code object was found for (code_objects.cpp), or "".
  bool jit_needed = false;  ///< --jit=cache and not compiled yet: the doctor compiles it, then reruns.
};

/// A probe that does not apply here (p2p with one GPU); its line says status "skipped".
struct Skipped : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void Check(hipError_t result, const char* call);
[[noreturn]] void FailVerification(const std::string& what);

/// Builds one line of JSON output: {"probe":"memcpy","device":0,...}.
class Line {
 public:
  explicit Line(const std::string& probe, int device = -1);
  Line& Str(const char* key, const std::string& value);
  Line& Num(const char* key, double value);
  Line& Int(const char* key, long long value);
  Line& Bool(const char* key, bool value);
  Line& Raw(const char* key, const std::string& json);
  void Emit();  ///< Prints the line and flushes, so a later crash cannot lose it.

 private:
  std::string text_;
};
std::string JsonString(const std::string& text);

using Clock = std::chrono::steady_clock;
double MsSince(Clock::time_point start);
double Median(std::vector<double> values);

struct Options {
  bool full = false;          ///< --probes=full: sweep sizes, more repetitions.
  size_t copy_bytes = 64u << 20;
  size_t d2d_bytes = 256u << 20;
  int warmups = 3;
  int repeats = 10;
  double spin_timeout_ms = 150;  ///< The bounded wait of the async probe (measuring.md §3).
};

class DeviceBuffer {
 public:
  explicit DeviceBuffer(size_t bytes);
  ~DeviceBuffer();
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  void* get() const { return ptr_; }
 private:
  void* ptr_ = nullptr;
};

class PinnedBuffer {
 public:
  PinnedBuffer(size_t bytes, unsigned flags = hipHostMallocDefault);
  ~PinnedBuffer();
  PinnedBuffer(const PinnedBuffer&) = delete;
  PinnedBuffer& operator=(const PinnedBuffer&) = delete;
  void* get() const { return ptr_; }
 private:
  void* ptr_ = nullptr;
};

class Stream {
 public:
  explicit Stream(bool non_blocking);
  ~Stream();
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  hipStream_t get() const { return stream_; }
 private:
  hipStream_t stream_ = nullptr;
};

class Event {
 public:
  Event();
  ~Event();
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  hipEvent_t get() const { return event_; }
 private:
  hipEvent_t event_ = nullptr;
};
float ElapsedMs(const Event& start, const Event& end);

/// Mapped, host-coherent flag the spin kernel polls; the host releases it with Release().
class SpinFlag {
 public:
  SpinFlag();
  void Arm();
  void Release();
  volatile int* device_flag() const { return device_flag_; }
  int* device_timed_out() const { return device_timed_out_; }
  bool timed_out() const { return host_[1] != 0; }
 private:
  PinnedBuffer buffer_;
  volatile int* host_;
  volatile int* device_flag_ = nullptr;
  int* device_timed_out_ = nullptr;
};

/// A whole file's bytes, or "" when it cannot be read (sysfs properties, the JIT's source and code object).
std::string Slurp(const std::string& path);

/// Fills a buffer with a pattern that depends on `seed`, and checks it.
void FillPattern(void* data, size_t bytes, uint32_t seed);
bool CheckPattern(const void* data, size_t bytes, uint32_t seed);

}  // namespace probe
