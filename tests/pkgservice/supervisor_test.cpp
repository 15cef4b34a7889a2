// pkgservice::Supervisor: a package's <services> as real processes (shell
// and Python scripts), on the real clock; waits are bounded conditions on
// the events it tells, not sleeps.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <condition_variable>
#include <mutex>

#include "autolife/core/clock.hpp"
#include "autolife/package/store.hpp"
#include "autolife/pkgservice/supervisor.hpp"
#include "files.hpp"

namespace autolife::pkgservice {
namespace {

using namespace std::chrono_literals;
using Kind = Event::Kind;

std::string manifest(const std::string& uuid, const std::string& services) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<package uuid=\"" + uuid +
         "\" version=\"1.0.0\">\n<names><name lang=\"en_US\">x</name></names>\n"
         "<supportedLanguages><language>en_US</language></supportedLanguages>\n"
         "<requirements><naoqiRequirement minVersion=\"2.5\"/></requirements>\n<contents/>\n<services>\n" +
         services + "</services>\n</package>\n";
}

// The events told, collected on the clock's thread. Going, it stops the
// clock: no event is told to it after it went.
class Heard {
public:
  Heard(Supervisor& supervisor, core::RealClock& clock) : clock_(clock) {
    supervisor.events.connect([this](const Event& e) {
      std::lock_guard lock(mutex_);
      events_.push_back(e);
      changed_.notify_all();
    });
  }
  // The first event of this kind for `service` after the `skip` first ones; nothing after 20 s.
  std::optional<Event> waitFor(Kind kind, const std::string& service, std::size_t skip = 0) {
    std::unique_lock lock(mutex_);
    std::optional<Event> found;
    changed_.wait_for(lock, 20s, [&] {
      std::size_t seen = 0;
      for (const auto& e : events_)
        if (e.kind == kind && e.service == service && seen++ == skip) return (found = e).has_value();
      return false;
    });
    return found;
  }
  std::vector<Event> of(const std::string& service) {
    std::lock_guard lock(mutex_);
    std::vector<Event> out;
    for (const auto& e : events_)
      if (e.service == service) out.push_back(e);
    return out;
  }
  ~Heard() { clock_.stop(); }
  Heard(const Heard&) = delete;
  Heard& operator=(const Heard&) = delete;

private:
  core::RealClock& clock_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<Event> events_;
};

class SupervisorTest : public ::testing::Test {
protected:
  void addPackage(const std::string& uuid, const std::string& services,
                  const std::vector<std::pair<std::string, std::string>>& files) {
    dir.write(uuid + "/manifest.xml", manifest(uuid, services));
    for (const auto& [path, text] : files) dir.write(uuid + "/" + path, text);
    ASSERT_TRUE(packages.loadInPlace(dir / uuid).installed);
  }

  test::TempDir dir;
  core::RealClock clock;
  package::PackageStore packages;
};

TEST_F(SupervisorTest, AutorunServicesStartWithTheirOutputAndStopWhenAsked) {
  addPackage("p",
             "<service name=\"talker\" autorun=\"true\" execStart=\"/bin/sh talk.sh one\"/>\n"
             "<service name=\"manual\" autorun=\"false\" execStart=\"/bin/sh talk.sh two\"/>\n",
             {{"talk.sh", "echo \"said $1 in $(basename \"$PWD\")\"\necho '[W] cat: careful' >&2\nexec sleep 1000\n"}});
  Supervisor supervisor(packages, clock, {});
  Heard heard(supervisor, clock);
  supervisor.start();
  auto started = heard.waitFor(Kind::Started, "p.talker");
  ASSERT_TRUE(started);
  EXPECT_GT(started->pid, 0);
  auto said = heard.waitFor(Kind::Output, "p.talker");
  ASSERT_TRUE(said);
  EXPECT_EQ(said->line, "said one in p");  // run in its package's folder, with its arguments
  EXPECT_EQ(said->stream, "stdout");
  auto warned = heard.waitFor(Kind::Output, "p.talker", 1);
  ASSERT_TRUE(warned);
  EXPECT_EQ(warned->level, "warning");  // qi.logging's "[W] ..."
  EXPECT_TRUE(supervisor.isRunning("talker"));  // the name alone, when one package has it
  EXPECT_FALSE(supervisor.isRunning("p.manual"));
  EXPECT_FALSE(supervisor.startService("nothing"));

  ASSERT_TRUE(supervisor.startService("p.manual"));
  ASSERT_TRUE(heard.waitFor(Kind::Started, "p.manual"));
  ASSERT_TRUE(supervisor.stopService("p.talker"));
  auto stopped = heard.waitFor(Kind::Stopped, "p.talker");
  ASSERT_TRUE(stopped);
  EXPECT_EQ(stopped->why, "stopped");
  EXPECT_FALSE(stopped->warning);
  EXPECT_FALSE(supervisor.isRunning("p.talker"));
  const auto services = supervisor.services();
  ASSERT_EQ(services.size(), 2u);
  EXPECT_EQ(services[0].name, "p.manual");
  EXPECT_TRUE(services[0].running);
  EXPECT_EQ(services[1].lastEnd, "stopped");
}

TEST_F(SupervisorTest, StopAnswersOnceTheProcessEndedAndRestartStartsANewOne) {
  addPackage("p", "<service name=\"waiter\" autorun=\"false\" execStart=\"/bin/sh wait.sh\"/>\n",
             {{"wait.sh", "exec sleep 1000\n"}});
  Supervisor supervisor(packages, clock, {});
  Heard heard(supervisor, clock);
  supervisor.start();
  EXPECT_EQ(supervisor.fullName("waiter"), "p.waiter");
  EXPECT_EQ(supervisor.fullName("nothing"), "");
  EXPECT_EQ(supervisor.services().at(0).execStart, "/bin/sh wait.sh");
  EXPECT_FALSE(supervisor.isRunning("waiter")) << "not autorun";
  ASSERT_TRUE(supervisor.restartService("waiter")) << "restarting a service that does not run starts it";
  auto first = heard.waitFor(Kind::Started, "p.waiter");
  ASSERT_TRUE(first);

  ASSERT_TRUE(supervisor.restartService("p.waiter"));
  auto second = heard.waitFor(Kind::Started, "p.waiter", 1);
  ASSERT_TRUE(second);
  EXPECT_NE(second->pid, first->pid);
  ASSERT_TRUE(heard.waitFor(Kind::Stopped, "p.waiter"));
  EXPECT_TRUE(supervisor.isRunning("p.waiter"));

  ASSERT_TRUE(supervisor.stopService("p.waiter"));
  EXPECT_FALSE(supervisor.isRunning("p.waiter")) << "stopService answers once the process has ended";
  EXPECT_TRUE(supervisor.stopService("p.waiter")) << "stopping a service that does not run";
  EXPECT_FALSE(supervisor.restartService("nothing"));
}

TEST_F(SupervisorTest, AFailingAutorunServiceStartsAgainThenIsGivenUp) {
  addPackage("p", "<service name=\"bad\" autorun=\"true\" execStart=\"/bin/sh fail.sh\"/>\n",
             {{"fail.sh", "echo about to fail\nexit 3\n"}});
  SupervisorOptions options;
  options.maxFailures = 2;
  options.failureWindow = 600s;
  Supervisor supervisor(packages, clock, options);
  Heard heard(supervisor, clock);
  supervisor.start();
  auto failed = heard.waitFor(Kind::Failed, "p.bad");
  ASSERT_TRUE(failed);
  EXPECT_EQ(failed->why, "exited with status 3");
  EXPECT_EQ(failed->line, "about to fail");  // its last output, for the record
  EXPECT_TRUE(failed->warning);
  ASSERT_TRUE(heard.waitFor(Kind::Restarting, "p.bad"));
  ASSERT_TRUE(heard.waitFor(Kind::Restarting, "p.bad", 1));
  // The third failure within the window: not started again.
  auto gaveUp = heard.waitFor(Kind::Failed, "p.bad", 3);
  ASSERT_TRUE(gaveUp);
  EXPECT_THAT(gaveUp->why, ::testing::HasSubstr("failed 3 times within 600 s: not started again"));
  int starts = 0;
  for (const auto& e : heard.of("p.bad")) starts += e.kind == Kind::Started;
  EXPECT_EQ(starts, 3);
}

TEST_F(SupervisorTest, RemovingThePackageStopsItsServices) {
  addPackage("p", "<service name=\"long\" autorun=\"true\" execStart=\"/bin/sh long.sh\"/>\n",
             {{"long.sh", "exec sleep 1000\n"}});
  SupervisorOptions options;
  options.stopGrace = 100ms;
  Supervisor supervisor(packages, clock, options);
  Heard heard(supervisor, clock);
  supervisor.start();
  ASSERT_TRUE(heard.waitFor(Kind::Started, "p.long"));
  ASSERT_TRUE(packages.remove("p"));
  auto stopped = heard.waitFor(Kind::Stopped, "p.long");
  ASSERT_TRUE(stopped);
  EXPECT_FALSE(stopped->warning);
  EXPECT_TRUE(supervisor.services().empty());
}

// A Python 2 script named by any interpreter runs on Debian's Python 3
// through qi._launcher, with autolife's qi module first on its path.
TEST_F(SupervisorTest, PythonServicesRunOnPython3WithAutolifesQi) {
  addPackage("p", "<service name=\"py\" autorun=\"true\" execStart=\"/usr/bin/python2.7 -u scripts/s.py x y\"/>\n",
             {{"scripts/s.py",
               "import sys, os, qi\n"
               "print 'python', sys.version_info[0], sys.argv[1:], os.path.basename(sys.argv[0])\n"
               "print 'qi from', os.path.basename(os.path.dirname(os.path.dirname(qi.__file__)))[:16]\n"
               "print 'url set', bool(os.environ.get('AUTOLIFE_QI_URL'))\n"}});
  SupervisorOptions options;
  options.qiUrl = "tcp://127.0.0.1:1";
  Supervisor supervisor(packages, clock, options);
  Heard heard(supervisor, clock);
  supervisor.start();
  auto stopped = heard.waitFor(Kind::Stopped, "p.py");
  ASSERT_TRUE(stopped) << [&] {
    std::string all;
    for (const auto& e : heard.of("p.py")) all += eventText(e) + "\n";
    return all;
  }();
  EXPECT_EQ(stopped->why, "exited");
  std::vector<std::string> lines;
  for (const auto& e : heard.of("p.py"))
    if (e.kind == Kind::Output) lines.push_back(e.line);
  EXPECT_THAT(lines, ::testing::ElementsAre("python 3 ['x', 'y'] s.py", "qi from autolife-python-", "url set True"));
}

}  // namespace
}  // namespace autolife::pkgservice
