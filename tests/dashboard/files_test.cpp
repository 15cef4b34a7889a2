// The dashboard's files as `autolife serve` serves them (docs/dashboard.md):
// the page at /, its script and style, what is not a file, and no token
// needed for them while /api still requires it.
#include <gtest/gtest.h>

#include "server_fixture.hpp"

namespace {

using namespace autolife::test;

TEST(DashboardFiles, ThePageIsServedAtTheRoot) {
  ServerFixture server;
  auto page = httpRequest(server.port(), "GET", "/", "");
  EXPECT_EQ(page.status, 200);
  EXPECT_EQ(page.headers["Content-Type"], "text/html; charset=utf-8");
  EXPECT_NE(page.body.find("<title>autolife dashboard</title>"), std::string::npos);
  EXPECT_NE(page.headers["Content-Security-Policy"].find("default-src 'self'"), std::string::npos);
  EXPECT_EQ(httpRequest(server.port(), "GET", "/index.html", "").body, page.body);
}

TEST(DashboardFiles, ScriptAndStyleHaveTheirTypes) {
  ServerFixture server;
  auto script = httpRequest(server.port(), "GET", "/dashboard.js", "");
  EXPECT_EQ(script.status, 200);
  EXPECT_EQ(script.headers["Content-Type"], "text/javascript; charset=utf-8");
  EXPECT_NE(script.body.find("Autolife.activities"), std::string::npos);
  auto style = httpRequest(server.port(), "GET", "/dashboard.css?v=1", "");
  EXPECT_EQ(style.status, 200);
  EXPECT_EQ(style.headers["Content-Type"], "text/css; charset=utf-8");
}

TEST(DashboardFiles, AnythingElseIsNotFoundAndFilesAreGetOnly) {
  ServerFixture server;
  EXPECT_EQ(httpRequest(server.port(), "GET", "/../CMakeLists.txt", "").status, 404);
  EXPECT_EQ(httpRequest(server.port(), "GET", "/nothing.js", "").status, 404);
  auto post = httpRequest(server.port(), "POST", "/", "{}", {{"Content-Type", "application/json"}});
  EXPECT_EQ(post.status, 405);
  EXPECT_EQ(post.headers["Allow"], "GET");
}

TEST(DashboardFiles, NeedNoTokenWhileTheApiDoes) {
  ServerFixture server({}, "secret");
  EXPECT_EQ(httpRequest(server.port(), "GET", "/", "").status, 200);
  EXPECT_EQ(post(server.port(), request("ALAutonomousLife.getState").dump()).status, 401);
  EXPECT_EQ(httpRequest(server.port(), "POST", "/api?token=secret", request("ALAutonomousLife.getState").dump(),
                        {{"Content-Type", "application/json"}})
                .status,
            200);
}

}  // namespace
