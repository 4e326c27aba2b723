#pragma once
/// The output of rocm-doctor-probe: one JSON object per line ({"probe":NAME,"phase":"start"}
/// before each probe, then result lines with "status", and {"probe":"done"} at the end).
/// Pure: text in, structs out; garbage lines are counted and sampled, never thrown.
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace rd {

struct ProbeOutput {
  /// The runtime line without "device" (versions, count); an empty object when none came (an
  /// empty output must not leave a null that `.value()` throws on: hostile-input D17).
  nlohmann::json summary = nlohmann::json::object();
  std::vector<nlohmann::json> results;   ///< Result lines (objects with "probe" and "status").
  std::vector<std::string> started;      ///< Probe names in the order their start lines came.
  bool done = false;                     ///< The final {"probe":"done"} line came.
  size_t garbage_lines = 0;              ///< Lines that are not a JSON object with a "probe" string.
  std::string garbage_sample;            ///< The first such line, printable and short.
};

ProbeOutput ParseProbeOutput(std::string_view text);
/// The probe that was running when the output ended: the last started one when no "done" line
/// came (a crash right after its result line still counts against it); empty otherwise.
std::string UnfinishedProbe(const ProbeOutput& output);
/// The last `count` non-empty lines of `text`, each made printable and cut to `width`.
std::vector<std::string> LastLines(std::string_view text, size_t count, size_t width = 240);

}  // namespace rd
