#pragma once
/// Errors as values: a Result<T> holds either a T or an Error that says what failed and why.
/// (style-anchors.md lesson 4: util returns Result; exceptions only at the CLI boundary.)
#include <string>
#include <utility>
#include <variant>

namespace rd {

/// Why a read of the world failed. Kept coarse so that rules and messages can branch on it.
enum class ErrorKind { NotFound, Denied, TooLarge, Loop, Timeout, Invalid, Io, Unsupported };

const char* ErrorKindName(ErrorKind kind);

struct Error {
  ErrorKind kind = ErrorKind::Io;
  std::string message;  ///< Names the file or command and the cause, ready for a user.
};

template <typename T>
class Result {
 public:
  Result(T value) : data_(std::move(value)) {}  // NOLINT: implicit by design
  Result(Error error) : data_(std::move(error)) {}  // NOLINT
  bool ok() const { return std::holds_alternative<T>(data_); }
  explicit operator bool() const { return ok(); }
  const T& value() const& { return std::get<T>(data_); }
  T& value() & { return std::get<T>(data_); }
  T&& value() && { return std::get<T>(std::move(data_)); }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }
  const Error& error() const { return std::get<Error>(data_); }
  T value_or(T fallback) const { return ok() ? value() : std::move(fallback); }

 private:
  std::variant<T, Error> data_;
};

/// Builds an Error from an errno value, naming what was attempted ("open /etc/os-release").
Error ErrnoError(int err, const std::string& what);

}  // namespace rd
