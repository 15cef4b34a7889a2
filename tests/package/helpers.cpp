#include "helpers.hpp"

#include <stdlib.h>
#include <zip.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace autolife::package::testing {

fs::path fixture(const std::string& name) { return fs::path(AUTOLIFE_SOURCE_DIR) / "tests/package/fixtures" / name; }

namespace {

void check(bool ok, const std::string& what, zip_t* z) {
  if (!ok) throw std::runtime_error(what + ": " + (z ? zip_strerror(z) : "?"));
}

void addEntry(zip_t* z, const ZipEntry& e) {
  if (e.kind == ZipEntry::Kind::Directory) {
    check(zip_dir_add(z, e.name.c_str(), ZIP_FL_ENC_UTF_8) >= 0, "zip_dir_add " + e.name, z);
    return;
  }
  zip_source_t* source = zip_source_buffer(z, e.content.data(), e.content.size(), 0);
  check(source != nullptr, "zip_source_buffer", z);
  zip_int64_t index = zip_file_add(z, e.name.c_str(), source, ZIP_FL_ENC_UTF_8 | ZIP_FL_OVERWRITE);
  if (index < 0) zip_source_free(source);
  check(index >= 0, "zip_file_add " + e.name, z);
  if (e.kind == ZipEntry::Kind::Symlink) {
    zip_uint32_t mode = 0120777;  // S_IFLNK | rwxrwxrwx, as Info-ZIP stores links
    check(zip_file_set_external_attributes(z, static_cast<zip_uint64_t>(index), 0, ZIP_OPSYS_UNIX, mode << 16) == 0,
          "set attributes", z);
  }
}

}  // namespace

void writeZip(const fs::path& path, const std::vector<ZipEntry>& entries) {
  int error = 0;
  zip_t* z = zip_open(path.c_str(), ZIP_CREATE | ZIP_TRUNCATE, &error);
  if (!z) throw std::runtime_error("zip_open failed: " + std::to_string(error));
  for (const ZipEntry& e : entries) addEntry(z, e);
  check(zip_close(z) == 0, "zip_close", z);
}

std::vector<ZipEntry> entriesOf(const fs::path& folder) {
  std::vector<ZipEntry> entries;
  for (const std::string& relative : listTree(folder)) {
    fs::path p = folder / relative;
    if (fs::is_directory(p)) entries.push_back({relative + "/", "", ZipEntry::Kind::Directory});
    else entries.push_back({relative, readText(p), ZipEntry::Kind::File});
  }
  return entries;
}

std::string describe(const std::vector<core::Problem>& problems) {
  std::string out;
  for (const core::Problem& p : problems) out += p.format() + "\n";
  return out.empty() ? "(no problems)\n" : out;
}

bool mentions(const std::vector<core::Problem>& problems, const std::string& text) {
  return std::any_of(problems.begin(), problems.end(),
                     [&](const core::Problem& p) { return p.diagnostic.message.find(text) != std::string::npos; });
}

}  // namespace autolife::package::testing
