#include "autolife/package/archive.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zip.h>

#include <algorithm>
#include <cctype>
#include <memory>
#include <optional>
#include <set>
#include <string>

#include "autolife/core/ascii.hpp"
#include "xml_file.hpp"

namespace autolife::package {

namespace fs = std::filesystem;

namespace {

struct ZipCloser {
  void operator()(zip_t* z) const { zip_discard(z); }  // read-only: nothing to write back
};
struct ZipFileCloser {
  void operator()(zip_file_t* f) const { zip_fclose(f); }
};
using Zip = std::unique_ptr<zip_t, ZipCloser>;
using ZipFile = std::unique_ptr<zip_file_t, ZipFileCloser>;

class FileDescriptor {
public:
  explicit FileDescriptor(int fd) : fd_(fd) {}
  ~FileDescriptor() {
    if (fd_ >= 0) close(fd_);
  }
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  int get() const { return fd_; }

private:
  int fd_;
};

// What one entry will become, decided before anything is written.
struct Entry {
  zip_uint64_t index = 0;
  std::string name;   // as stored, for messages
  fs::path relative;  // safe, inside the destination
  bool directory = false;
  zip_uint64_t size = 0;
  mode_t mode = 0644;
};

// Refusals carry the archive as their file and name the entry.
class Refusal {
public:
  explicit Refusal(const fs::path& archive) : archive_(archive.string()) {}
  std::vector<core::Problem> operator()(const std::string& message) const { return {core::fileError(archive_, message)}; }
  std::vector<core::Problem> entry(const std::string& name, const std::string& why) const {
    return (*this)("archive entry " + inQuotes(name) + " " + why);
  }

private:
  std::string archive_;
};

std::string zipOpenError(int code) {
  zip_error_t error;
  zip_error_init_with_code(&error, code);
  std::string message = zip_error_strerror(&error);
  zip_error_fini(&error);
  return message;
}

// The entry's path inside the destination, or nothing when it would land
// outside: absolute, a drive letter, or a ".." component. Backslashes are
// taken as separators (archives made on Windows).
std::optional<fs::path> safeRelativePath(std::string name) {
  std::replace(name.begin(), name.end(), '\\', '/');
  bool driveLetter = name.size() >= 2 && std::isalpha(static_cast<unsigned char>(name[0])) && name[1] == ':';
  if (name.starts_with('/') || driveLetter) return std::nullopt;
  fs::path relative;
  std::size_t begin = 0;
  while (begin <= name.size()) {
    std::size_t end = std::min(name.find('/', begin), name.size());
    std::string part = name.substr(begin, end - begin);
    if (part == "..") return std::nullopt;
    if (!part.empty() && part != ".") relative /= part;
    begin = end + 1;
  }
  return relative;
}

// A Unix archive stores the file type in the upper half of the external
// attributes; other systems store no links.
mode_t unixMode(zip_t* z, zip_uint64_t index) {
  zip_uint8_t system = 0;
  zip_uint32_t attributes = 0;
  if (zip_file_get_external_attributes(z, index, 0, &system, &attributes) != 0 || system != ZIP_OPSYS_UNIX) return 0;
  return static_cast<mode_t>(attributes >> 16);
}

// Checks one entry against everything but the totals.
std::vector<core::Problem> planEntry(zip_t* z, zip_uint64_t index, const ArchiveLimits& limits, const Refusal& refuse,
                               Entry& entry) {
  zip_stat_t st;
  zip_stat_init(&st);
  if (zip_stat_index(z, index, 0, &st) != 0 || !(st.valid & ZIP_STAT_NAME) || !(st.valid & ZIP_STAT_SIZE))
    return refuse("archive entry #" + std::to_string(index) + " cannot be read: " + zip_strerror(z));
  entry.index = index;
  entry.name = st.name;
  entry.size = st.size;
  mode_t mode = unixMode(z, index);
  mode_t type = mode & S_IFMT;
  if (type == S_IFLNK) return refuse.entry(entry.name, "is a symbolic link: it could point outside the install folder");
  if (type != 0 && type != S_IFREG && type != S_IFDIR) return refuse.entry(entry.name, "is a special file");
  if ((st.valid & ZIP_STAT_ENCRYPTION_METHOD) && st.encryption_method != ZIP_EM_NONE)
    return refuse.entry(entry.name, "is encrypted");
  std::optional<fs::path> relative = safeRelativePath(entry.name);
  if (!relative) return refuse.entry(entry.name, "would land outside the install folder");
  entry.relative = *relative;
  entry.directory = entry.name.ends_with('/') || entry.name.ends_with('\\') || type == S_IFDIR;
  if (!entry.directory && entry.relative.empty()) return refuse.entry(entry.name, "has no file name");
  if (entry.size > limits.maxEntryBytes)
    return refuse.entry(entry.name, "is " + std::to_string(entry.size) + " bytes uncompressed; the limit is " +
                                        std::to_string(limits.maxEntryBytes));
  entry.mode = (mode & 0111) ? 0755 : 0644;  // keep scripts executable, nothing else
  return {};
}

// Checks every entry and the archive as a whole; fills `entries`.
std::vector<core::Problem> plan(zip_t* z, const ArchiveLimits& limits, const Refusal& refuse, std::vector<Entry>& entries) {
  zip_int64_t count = zip_get_num_entries(z, 0);
  if (count < 0 || static_cast<zip_uint64_t>(count) > limits.maxEntries)
    return refuse("archive has " + std::to_string(count) + " entries; the limit is " + std::to_string(limits.maxEntries));
  std::uint64_t total = 0;
  std::set<fs::path> seen;
  for (zip_uint64_t i = 0; i < static_cast<zip_uint64_t>(count); ++i) {
    Entry entry;
    if (auto problems = planEntry(z, i, limits, refuse, entry); !problems.empty()) return problems;
    total += entry.size;
    if (total > limits.maxTotalBytes)
      return refuse.entry(entry.name, "takes the archive past " + std::to_string(limits.maxTotalBytes) +
                                          " bytes uncompressed, the limit");
    if (entry.relative.empty()) continue;  // "./": the destination itself
    if (!seen.insert(entry.relative).second && !entry.directory)
      return refuse.entry(entry.name, "appears twice");
    entries.push_back(std::move(entry));
  }
  return {};
}

std::vector<core::Problem> requireManifest(const std::vector<Entry>& entries, const Refusal& refuse) {
  auto isManifest = [](const Entry& e) { return !e.directory && e.relative == "manifest.xml"; };
  if (std::any_of(entries.begin(), entries.end(), isManifest)) return {};
  auto nested = std::find_if(entries.begin(), entries.end(),
                             [](const Entry& e) { return !e.directory && e.relative.filename() == "manifest.xml"; });
  std::string hint = nested == entries.end() ? ""
                                             : " (found " + inQuotes(nested->name) +
                                                   ": archive the package folder's contents, not the folder)";
  return refuse("archive has no manifest.xml at its root" + hint);
}

// Writes one file, refusing to follow or replace anything already there.
std::vector<core::Problem> writeFile(zip_t* z, const Entry& entry, const fs::path& target, std::uint64_t& budget,
                               const Refusal& refuse) {
  ZipFile in(zip_fopen_index(z, entry.index, 0));
  if (!in) return refuse.entry(entry.name, std::string("cannot be opened: ") + zip_strerror(z));
  FileDescriptor out(open(target.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, entry.mode));
  if (out.get() < 0) return refuse.entry(entry.name, "cannot be created (is it also a folder?)");
  std::uint64_t written = 0;
  char buffer[1 << 16];
  for (;;) {
    zip_int64_t n = zip_fread(in.get(), buffer, sizeof buffer);
    if (n < 0) return refuse.entry(entry.name, std::string("cannot be read: ") + zip_file_strerror(in.get()));
    if (n == 0) break;
    written += static_cast<std::uint64_t>(n);
    // The sizes were checked from the directory; a lying directory is caught here.
    if (written > entry.size || written > budget) return refuse.entry(entry.name, "is larger than the archive says");
    if (::write(out.get(), buffer, static_cast<std::size_t>(n)) != n) return refuse.entry(entry.name, "cannot be written");
  }
  if (written != entry.size) return refuse.entry(entry.name, "is shorter than the archive says");
  budget -= written;
  return {};
}

std::vector<core::Problem> extractEntries(zip_t* z, const std::vector<Entry>& entries, const fs::path& destination,
                                    const ArchiveLimits& limits, const Refusal& refuse) {
  std::uint64_t budget = limits.maxTotalBytes;
  for (const Entry& entry : entries) {
    fs::path target = destination / entry.relative;
    std::error_code ec;
    fs::create_directories(entry.directory ? target : target.parent_path(), ec);
    if (ec) return refuse.entry(entry.name, "cannot be extracted: " + ec.message());
    if (entry.directory) continue;
    if (auto problems = writeFile(z, entry, target, budget, refuse); !problems.empty()) return problems;
  }
  return {};
}

}  // namespace

bool isArchivePath(const fs::path& path) {
  return core::asciiLower(path.extension().string()) == ".pkg";
}

std::vector<core::Problem> extractArchive(const fs::path& archive, const fs::path& destination, const ArchiveLimits& limits) {
  Refusal refuse(archive);
  int code = 0;
  Zip z(zip_open(archive.c_str(), ZIP_RDONLY, &code));
  if (!z) return refuse("cannot open the archive: " + zipOpenError(code));
  std::vector<Entry> entries;
  if (auto problems = plan(z.get(), limits, refuse, entries); !problems.empty()) return problems;
  if (auto problems = requireManifest(entries, refuse); !problems.empty()) return problems;
  return extractEntries(z.get(), entries, destination, limits, refuse);
}

}  // namespace autolife::package
