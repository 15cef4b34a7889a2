#include "helpers.hpp"

#include <stdlib.h>
#include <zip.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace autolife::package::testing {

fs::path fixture(const std::string& name) { return fs::path(AUTOLIFE_SOURCE_DIR) / "tests/package/fixtures" / name; }

TempDir::TempDir() {
  std::string pattern = (fs::temp_directory_path() / "autolife-package-test-XXXXXX").string();
  if (!mkdtemp(pattern.data())) throw std::runtime_error("mkdtemp failed");
  path_ = pattern;
}

TempDir::~TempDir() {
  std::error_code ec;
  fs::remove_all(path_, ec);
}

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

std::string readText(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

void writeText(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary);
  out << text;
}

std::vector<std::string> listTree(const fs::path& folder) {
  std::vector<std::string> out;
  if (!fs::exists(folder)) return out;
  for (const auto& entry : fs::recursive_directory_iterator(folder))
    out.push_back(entry.path().lexically_relative(folder).generic_string());
  std::sort(out.begin(), out.end());
  return out;
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
