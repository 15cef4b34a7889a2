// pkgservice::PackageServices as ALServiceManager's signals show it: a
// package's services are added when it is installed and removed when it is
// (the ServiceManager page's serviceAdded and serviceRemoved), by the
// names services() lists. Services that do not run by themselves: no
// process starts here.
#include <gtest/gtest.h>

#include "autolife/core/clock.hpp"
#include "autolife/engine/engine.hpp"
#include "autolife/package/store.hpp"
#include "autolife/pkgservice/host.hpp"
#include "autolife/service/service.hpp"
#include "files.hpp"

namespace autolife::pkgservice {
namespace {

std::string manifestWith(const std::string& uuid, const std::string& version, const std::string& services) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\" ?>\n<package uuid=\"" + uuid + "\" version=\"" + version +
         "\">\n<names><name lang=\"en_US\">x</name></names>\n"
         "<supportedLanguages><language>en_US</language></supportedLanguages>\n"
         "<requirements><naoqiRequirement minVersion=\"2.5\"/></requirements>\n<contents/>\n<services>\n" +
         services + "</services>\n</package>\n";
}

std::string manualService(const std::string& name) {
  return "<service name=\"" + name + "\" autorun=\"false\" execStart=\"/bin/sh -c true\"/>\n";
}

class ServiceManagerSignals : public ::testing::Test {
protected:
  ServiceManagerSignals() : engine(clock, {}) {}
  void install(const std::string& uuid, const std::string& version, const std::string& services) {
    dir.write(uuid + "-" + version + "/manifest.xml", manifestWith(uuid, version, services));
    ASSERT_TRUE(engine.packages.loadInPlace(dir / (uuid + "-" + version)).installed);
  }
  void listen() {
    engine.services.find("ALServiceManager")->emitted.connect([this](const std::string& signal, const service::Any& v) {
      if (signal == "serviceAdded" || signal == "serviceRemoved") heard.push_back(signal + " " + v.asString());
    });
  }

  test::TempDir dir;
  core::VirtualClock clock;
  engine::Engine engine;
  std::vector<std::string> heard;
};

TEST_F(ServiceManagerSignals, InstallingAddsAPackagesServicesAndRemovingRemovesThem) {
  install("early", "1.0.0", manualService("there"));  // before the host: known, not announced
  HostOptions options;
  options.virtualTime = true;
  PackageServices services(engine, options);
  listen();
  services.start();
  install("p", "1.0.0", manualService("one") + manualService("two"));
  EXPECT_EQ(heard, (std::vector<std::string>{"serviceAdded p.one", "serviceAdded p.two"}));
  heard.clear();
  install("p", "2.0.0", manualService("two") + manualService("three"));  // a new version
  EXPECT_EQ(heard, (std::vector<std::string>{"serviceRemoved p.one", "serviceRemoved p.two", "serviceAdded p.two",
                                             "serviceAdded p.three"}));
  heard.clear();
  ASSERT_TRUE(engine.packages.remove("p"));
  ASSERT_TRUE(engine.packages.remove("early"));
  EXPECT_EQ(heard, (std::vector<std::string>{"serviceRemoved p.two", "serviceRemoved p.three", "serviceRemoved early.there"}));
}

TEST_F(ServiceManagerSignals, APackageWithoutServicesSaysNothing) {
  HostOptions options;
  options.virtualTime = true;
  PackageServices services(engine, options);
  listen();
  services.start();
  install("quiet", "1.0.0", "");
  ASSERT_TRUE(engine.packages.remove("quiet"));
  EXPECT_TRUE(heard.empty());
}

}  // namespace
}  // namespace autolife::pkgservice
