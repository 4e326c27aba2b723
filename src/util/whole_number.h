#pragma once
/// Doubles from text and JSON (amd-smi, rocm-smi, pasted logs) turned into integers without
/// undefined behaviour: casting NaN, infinity or 1e300 to long long is UB, and the fuzzer found
/// a paste that did it (UBSan, runtime_fact_emit.cpp, 2026-12-03).
#include <optional>

namespace rd {

/// v as an integer when it is a whole number inside long long's range; otherwise nothing.
std::optional<long long> WholeNumber(double v);
/// v truncated toward zero and clamped into long long's range; NaN gives 0.
long long ClampToInteger(double v);

}  // namespace rd
