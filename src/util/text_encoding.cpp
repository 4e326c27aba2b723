#include "util/text_encoding.h"

#include <algorithm>
#include <cstdint>

namespace rd {

namespace {

void AppendUtf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

enum class Order { None, Little, Big };

// Without a BOM: ASCII text in UTF-16 has a NUL in (nearly) every high byte. A UTF-8 paste with
// a few NULs in it (a binary fragment) is not that.
Order Sniff(std::string_view bytes, size_t& skip) {
  auto b = [&](size_t i) { return static_cast<unsigned char>(bytes[i]); };
  skip = 0;
  if (bytes.size() >= 2 && b(0) == 0xFF && b(1) == 0xFE) return skip = 2, Order::Little;
  if (bytes.size() >= 2 && b(0) == 0xFE && b(1) == 0xFF) return skip = 2, Order::Big;
  size_t pairs = std::min<size_t>(bytes.size() / 2, 512);
  if (pairs < 8) return Order::None;
  size_t even_nul = 0, odd_nul = 0;
  for (size_t i = 0; i < pairs; ++i) {
    even_nul += b(2 * i) == 0;
    odd_nul += b(2 * i + 1) == 0;
  }
  if (odd_nul * 10 >= pairs * 9 && even_nul * 10 < pairs) return Order::Little;
  if (even_nul * 10 >= pairs * 9 && odd_nul * 10 < pairs) return Order::Big;
  return Order::None;
}

}  // namespace

std::optional<std::string> DecodeUtf16(std::string_view bytes) {
  size_t at = 0;
  Order order = Sniff(bytes, at);
  if (order == Order::None) return std::nullopt;
  auto unit = [&](size_t i) -> uint32_t {
    auto lo = static_cast<unsigned char>(bytes[i]), hi = static_cast<unsigned char>(bytes[i + 1]);
    return order == Order::Little ? (hi << 8 | lo) : (lo << 8 | hi);
  };
  std::string out;
  out.reserve(bytes.size() / 2);
  for (; at + 1 < bytes.size(); at += 2) {
    uint32_t cp = unit(at);
    if (cp >= 0xD800 && cp < 0xDC00 && at + 3 < bytes.size()) {
      uint32_t low = unit(at + 2);
      if (low >= 0xDC00 && low < 0xE000) {
        AppendUtf8(out, 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00));
        at += 2;
        continue;
      }
    }
    AppendUtf8(out, cp >= 0xD800 && cp < 0xE000 ? 0xFFFD : cp);
  }
  return out;
}

}  // namespace rd
