#include "util/result.h"

#include <cerrno>
#include <cstring>

namespace rd {

const char* ErrorKindName(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::NotFound: return "not-found";
    case ErrorKind::Denied: return "denied";
    case ErrorKind::TooLarge: return "too-large";
    case ErrorKind::Loop: return "loop";
    case ErrorKind::Timeout: return "timeout";
    case ErrorKind::Invalid: return "invalid";
    case ErrorKind::Io: return "io";
    case ErrorKind::Unsupported: return "unsupported";
  }
  return "io";
}

Error ErrnoError(int err, const std::string& what) {
  ErrorKind kind = ErrorKind::Io;
  if (err == ENOENT || err == ENOTDIR) kind = ErrorKind::NotFound;
  else if (err == EACCES || err == EPERM) kind = ErrorKind::Denied;
  else if (err == ELOOP) kind = ErrorKind::Loop;
  else if (err == EFBIG) kind = ErrorKind::TooLarge;
  return Error{kind, what + ": " + std::strerror(err)};
}

}  // namespace rd
