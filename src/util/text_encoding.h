#pragma once
/// Text that arrives in another encoding than UTF-8. PowerShell's `>` writes UTF-16LE with a
/// BOM, so a pasted `rocminfo > out.txt` from Windows/WSL is UTF-16 (hostile-input report m9).
#include <optional>
#include <string>
#include <string_view>

namespace rd {

/// The UTF-8 form of `bytes` when they are UTF-16 (a BOM, or NUL in every other byte of the
/// first kilobyte, as ASCII text in UTF-16 has); nullopt otherwise. Unpaired surrogates become
/// U+FFFD.
std::optional<std::string> DecodeUtf16(std::string_view bytes);

}  // namespace rd
