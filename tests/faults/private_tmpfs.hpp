// A real, small file system to fill: a tmpfs mounted over a folder in a
// mount namespace of its own, held by a child process that does nothing
// else. Nothing outside sees the mount, and it disappears with that child
// (killed by the destructor, or by the kernel when the test process dies),
// so a failed or killed test leaves no mount on the machine. A server is
// run inside with ServeProcess(args, namespaceFd()); the test reaches the
// files through /proc/<holder>/root. Needs CAP_SYS_ADMIN: usable() says
// why not otherwise.
#pragma once

#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <string>

namespace autolife::faulttest {

class PrivateTmpfs {
public:
  PrivateTmpfs(const std::filesystem::path& mountPoint, const std::string& size) : mountPoint_(mountPoint) {
    std::filesystem::create_directories(mountPoint);
    const std::string options = "size=" + size + ",mode=0700";
    const std::string target = mountPoint.string();
    int report[2];
    if (pipe2(report, O_CLOEXEC) != 0) {
      problem_ = "pipe";
      return;
    }
    holder_ = fork();
    if (holder_ == 0) {
      // Only system calls between fork and _exit: the parent has threads.
      close(report[0]);
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      int error = 0;
      if (unshare(CLONE_NEWNS) != 0) error = errno;
      else if (mount(nullptr, "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0) error = errno;
      else if (mount("tmpfs", target.c_str(), "tmpfs", MS_NOSUID | MS_NODEV, options.c_str()) != 0) error = errno;
      [[maybe_unused]] auto n = write(report[1], &error, sizeof error);
      if (error != 0) _exit(1);
      for (;;) pause();
    }
    close(report[1]);
    int error = -1;
    if (read(report[0], &error, sizeof error) != sizeof error) error = EIO;
    close(report[0]);
    if (error != 0) {
      problem_ = std::string("cannot mount a tmpfs in a private mount namespace (needs CAP_SYS_ADMIN): ") +
                 std::strerror(error);
      return;
    }
    namespace_ = open(("/proc/" + std::to_string(holder_) + "/ns/mnt").c_str(), O_RDONLY | O_CLOEXEC);
    if (namespace_ < 0) problem_ = std::string("cannot open the namespace: ") + std::strerror(errno);
  }
  ~PrivateTmpfs() {
    if (namespace_ >= 0) close(namespace_);
    if (holder_ > 0) {
      kill(holder_, SIGKILL);
      waitpid(holder_, nullptr, 0);
    }
  }
  PrivateTmpfs(const PrivateTmpfs&) = delete;
  PrivateTmpfs& operator=(const PrivateTmpfs&) = delete;

  bool usable() const { return problem_.empty(); }
  const std::string& problem() const { return problem_; }
  int namespaceFd() const { return namespace_; }
  // `relative` inside the mounted file system, as the test can reach it.
  std::filesystem::path inside(const std::string& relative = "") const {
    return std::filesystem::path("/proc/" + std::to_string(holder_) + "/root") /
           mountPoint_.relative_path() / relative;
  }

private:
  std::filesystem::path mountPoint_;
  pid_t holder_ = -1;
  int namespace_ = -1;
  std::string problem_;
};

}  // namespace autolife::faulttest
