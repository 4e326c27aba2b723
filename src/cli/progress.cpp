#include "cli/progress.h"

#include <fmt/format.h>

#include "util/terminal_text.h"
#include "util/text_wrap.h"

namespace rd {

namespace {

// The collectors that start a child process, and what that child is (cli/registry.cpp).
struct Label {
  std::string_view collector, label;
};
// The views that may start a child process (cli/registry.cpp), named for what they look at:
// with --quick or --replay the same collector reads recorded output or returns at once.
constexpr Label kLabels[] = {
    {"compile_check", "hipcc compile check"}, {"torch_dynamic", "python imports (torch)"},
    {"probes", "GPU probes"},                 {"runtime", "rocminfo and smi"},
    {"torch_static", "python paths"},         {"libraries", "library loading"},
    {"toolchain", "toolchain versions"},      {"driver", "kernel log"},
};

// Cuts `text` to `columns` display columns, ending in "…" when it was longer.
std::string Fit(const std::string& text, size_t columns) {
  if (DisplayWidth(text) <= columns) return text;
  std::string out;
  size_t used = 0;
  for (size_t i = 0; i < text.size();) {
    size_t len = 1;
    while (i + len < text.size() && (static_cast<unsigned char>(text[i + len]) & 0xC0) == 0x80) ++len;
    if (used + 1 >= columns) break;
    out.append(text, i, len);
    ++used;
    i += len;
  }
  return out + "…";
}

}  // namespace

std::string_view WaitLabel(std::string_view collector) {
  for (const auto& l : kLabels) {
    if (l.collector == collector) return l.label;
  }
  return {};
}

std::string ProgressText(const std::vector<std::string>& running, double elapsed_s, size_t width) {
  std::string named;
  size_t others = 0;
  for (const auto& name : running) {
    auto label = WaitLabel(name);
    if (label.empty()) {
      ++others;
      continue;
    }
    named += (named.empty() ? "" : ", ") + std::string(label);
  }
  if (others) named += fmt::format("{}{} file view{}", named.empty() ? "" : " +", others, others == 1 ? "" : "s");
  return Fit(fmt::format("waiting {:.1f} s for: {}", elapsed_s, named), (width ? width : 80) - 1);
}

ProgressLine::ProgressLine(std::ostream& err, bool enabled, size_t width) : err_(err), enabled_(enabled), width_(width) {}

ProgressLine::~ProgressLine() { Clear(); }

void ProgressLine::Show(const std::vector<std::string>& running) {
  if (!enabled_) return;
  double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  // The names are rocm-doctor's own constants (no input reaches this line), so it goes under
  // stderr's sanitiser, which would turn CR and ESC into '?'; \033[K erases what a longer
  // previous line left.
  Raw("\r" + ProgressText(running, elapsed, width_) + "\033[K");
  shown_ = true;
}

void ProgressLine::Status(std::string_view what) {
  if (!enabled_) return;
  Raw("\r" + Fit(std::string(what) + " …", (width_ ? width_ : 80) - 1) + "\033[K");
  shown_ = true;
}

void ProgressLine::Clear() {
  if (!shown_) return;
  Raw("\r\033[K");
  shown_ = false;
}

void ProgressLine::Raw(const std::string& text) {
  std::streambuf* buffer = TerminalSafeScope::Unsanitised(err_);
  buffer->sputn(text.data(), static_cast<std::streamsize>(text.size()));
  buffer->pubsync();
}

}  // namespace rd
