#pragma once
/// `id` and `groups` output: "uid=1000(alice) gid=1000(alice) groups=1000(alice),44(video)",
/// "alice adm video render" (after a `groups` prompt), "groups: cannot find name for group ID 993"
/// (a GID the group database does not name, pitfalls.md #16).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rd {

struct IdGroup {
  std::optional<long long> gid;
  std::string name;
};

struct IdOutput {
  std::optional<long long> uid, gid;
  std::string user;
  std::vector<IdGroup> groups;
  std::vector<long long> unnamed_gids;
  size_t line = 0;  ///< 0-based line the identity came from.
  size_t unnamed_line = 0;
};

bool LooksLikeIdOutput(std::string_view text);
IdOutput ParseIdOutput(std::string_view text);

}  // namespace rd
