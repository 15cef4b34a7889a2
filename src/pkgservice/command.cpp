#include "command.hpp"

#include <cstdlib>

namespace autolife::pkgservice {

bool namesPython(std::string_view program) {
  const auto slash = program.rfind('/');
  std::string_view name = slash == std::string_view::npos ? program : program.substr(slash + 1);
  if (!name.starts_with("python")) return false;
  return name.substr(6).find_first_not_of("0123456789.") == std::string_view::npos;
}

namespace {

// The interpreter's own options before the script (-u, -O, -W arg...)
// are dropped; -m MODULE is kept.
std::vector<std::string> scriptAndArguments(const std::vector<std::string>& execStart) {
  std::size_t i = 1;
  while (i < execStart.size() && execStart[i].size() > 1 && execStart[i][0] == '-' && execStart[i] != "-m") {
    const bool takesValue = execStart[i] == "-W" || execStart[i] == "-X" || execStart[i] == "-c";
    i += takesValue ? 2 : 1;
  }
  return {execStart.begin() + static_cast<std::ptrdiff_t>(std::min(i, execStart.size())), execStart.end()};
}

std::string joinPaths(const std::vector<std::string>& paths) {
  std::string out;
  for (const auto& p : paths)
    if (!p.empty()) out += (out.empty() ? "" : ":") + p;
  return out;
}

}  // namespace

Command commandFor(const std::vector<std::string>& execStart, const std::filesystem::path& packageRoot,
                   const std::string& qiUrl, const std::string& python, const std::filesystem::path& pythonPath) {
  Command c;
  c.environment = {{"AUTOLIFE_QI_URL", qiUrl}, {"AUTOLIFE_PACKAGE_ROOT", packageRoot.string()}};
  if (execStart.empty() || !namesPython(execStart[0])) {
    c.argv = execStart;
    return c;
  }
  c.python = true;
  c.argv = {python, "-m", "qi._launcher"};
  for (auto& a : scriptAndArguments(execStart)) c.argv.push_back(std::move(a));
  // Ours first (a PYTHONPATH naming NAOqi's SDK must not give its qi), then
  // what the package brings (qipkg's lib/python2.7/site-packages), then the user's.
  std::vector<std::string> paths{pythonPath.string()};
  for (const char* lib : {"lib/python2.7/site-packages", "lib/python3/site-packages"})
    if (std::filesystem::is_directory(packageRoot / lib)) paths.push_back((packageRoot / lib).string());
  if (const char* user = std::getenv("PYTHONPATH")) paths.emplace_back(user);
  c.environment.emplace_back("PYTHONPATH", joinPaths(paths));
  c.environment.emplace_back("PYTHONUNBUFFERED", "1");
  c.environment.emplace_back("PYTHONDONTWRITEBYTECODE", "1");
  return c;
}

}  // namespace autolife::pkgservice
