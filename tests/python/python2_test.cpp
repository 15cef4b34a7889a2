// Python 2 box scripts keep running: what the box library writes (print x,
// except E, e, xrange, unicode, dict.has_key, integer division, qi.async,
// encoded strings, tabs, Python 2's modules), rewritten with lines kept;
// what cannot be read is reported as Python 2, with its line and column.
#include "python_box_fixture.hpp"

namespace {

using namespace python_test;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(Python2, TheBoxLibrarysPython2Runs) {
  Fixture f;
  f.load(R"PY(import thread, mutex
class MyClass(GeneratedClass):
    def onInput_onStart(self):
        d = {"a": 1}
        out = []
        for i in xrange(3):
            out.append(i)
        try:
            raise ValueError, "x"
        except ValueError, e:
            out.append(str(e))
        print "printed", len(out)
        out.append(d.has_key("a"))
        out.append(unicode("u"))
        out.append(isinstance("s", basestring))
        m = mutex.mutex()
        out.append(m.testandset())
        import cgi, urllib2
        out.append(cgi.escape("<a & b>"))
        request = urllib2.Request("http://example.org/")
        request.add_data("x=1")
        handler = urllib2.HTTPHandler()
        handler.parent = urllib2.build_opener()
        out.append(handler.http_request(request).get_data() == b"x=1")  # posted text goes as bytes
        import json
        out.append(reload(json) is json)
        self.answer(out)
)PY");
  ASSERT_FALSE(f.error) << f.error->format();
  EXPECT_FALSE(run(f, "onInput_onStart"));
  EXPECT_THAT(f.host.events,
              ElementsAre("0ms fire answer [0,1,2,\"x\",true,\"u\",true,true,\"&lt;a &amp; b&gt;\",true,true]"));
  EXPECT_THAT(f.host.logs, ::testing::Contains("info: printed 4"));
}

TEST(Python2, IntegerDivisionIsPython2sWhereTheScriptIsPython2) {
  Fixture f;
  f.load(R"PY(class MyClass(GeneratedClass):
    def onInput_onStart(self):
        n = 7
        n /= 2
        frames = range(9 / 2)
        self.answer([7 / 2, 7.0 / 2, -7 / 2, n, len(frames), self.getParameter("Speed (%)") / 100.])
        print "Python 2"
)PY");
  EXPECT_FALSE(run(f, "onInput_onStart"));
  EXPECT_THAT(f.host.events, ElementsAre("0ms fire answer [3,3.5,-4,3,4,1.0]"));
  // A Python 3 script divides as Python 3 does; so does one importing division.
  Fixture g;
  g.load("class MyClass(GeneratedClass):\n    def onInput_onStart(self):\n        self.answer(7 / 2)\n");
  EXPECT_FALSE(run(g, "onInput_onStart"));
  Fixture h;
  h.load("from __future__ import division\nclass MyClass(GeneratedClass):\n    def onInput_onStart(self):\n"
         "        print 'x'\n        self.answer(7 / 2)\n");
  EXPECT_FALSE(run(h, "onInput_onStart"));
  EXPECT_THAT(g.host.events, ElementsAre("0ms fire answer 3.5"));
  EXPECT_THAT(h.host.events, ElementsAre("0ms fire answer 3.5"));
}

TEST(Python2, QiAsyncOfTheStandardWaitBoxIsRewritten) {
  // What Choregraphe 2.x's Wait box does: qi.async with a delay in
  // microseconds, the future kept to cancel it on unload.
  Fixture f;
  f.host.parameters["Timeout (s)"] = 1.5;
  f.host.outputs = {"onStopped", "timerOutput"};
  f.load(R"PY(class MyClass(GeneratedClass):
    def __init__(self):
        GeneratedClass.__init__(self, False)

    def onLoad(self):
        self.pending = None

    def onUnload(self):
        self.drop()

    def fire(self):
        self.timerOutput()

    def drop(self):
        if self.pending:
            self.pending.cancel()
        self.pending = None

    def onInput_onStart(self):
        self.drop()
        import qi
        self.pending = qi.async(self.fire, delay=int(self.getParameter("Timeout (s)") * 1000 * 1000))
)PY");
  ASSERT_FALSE(f.error) << f.error->format();
  ASSERT_EQ(f.host.logs.size(), 1u);  // the Python 2 syntax is said once, where it is
  EXPECT_THAT(f.host.logs[0], HasSubstr("behavior.xar:31:27: box 'Say': Python 2 syntax"));  // `qi.async`
  EXPECT_THAT(f.host.logs[0], HasSubstr("run as rewritten by 2to3"));
  EXPECT_FALSE(run(f, "onLoad"));
  EXPECT_FALSE(run(f, "onInput_onStart", nullptr, core::Time(5s)));
  EXPECT_THAT(f.host.events, ElementsAre("1500ms fire timerOutput null"));
}

TEST(Python2, EncodedStringsWorkAsTextAndAsBytes) {
  Fixture f;
  f.load(R"PY(# -*- coding: utf-8 -*-
import hashlib
class MyClass(GeneratedClass):
    def onInput_onStart(self):
        words = u"oui/non/été".encode("utf-8").split("/")
        digest = hashlib.md5("abc".encode("utf-8")).hexdigest()
        self.answer([str(words[2]), words[0] == "oui", "x" + words[1], digest[:6], "é".decode("utf-8")])
        print "ok"
)PY");
  ASSERT_FALSE(f.error) << f.error->format();
  EXPECT_FALSE(run(f, "onInput_onStart"));
  EXPECT_THAT(f.host.events, ElementsAre("0ms fire answer [\"été\",true,\"xnon\",\"900150\",\"é\"]"));
}

TEST(Python2, TabsMixedWithSpacesIndentAsPython2Did) {
  Fixture f;
  // A tab is 8 columns in Python 2: the three lines of the `if` line up.
  f.load("class MyClass(GeneratedClass):\n    def onInput_onStart(self):\n\tif True:\n\t    x = 1\n            self.answer(x)\n");
  ASSERT_FALSE(f.error) << f.error->format();
  EXPECT_FALSE(run(f, "onInput_onStart"));
  EXPECT_THAT(f.host.events, ElementsAre("0ms fire answer 1"));
}

// `from m import *` in a function (Python 3 refuses the whole script) and
// json's `encoding` argument (gone since Python 3.9), as public boxes write them.
TEST(Python2, ImportStarInAFunctionAndJsonsEncodingArgument) {
  Fixture f;
  f.load(R"PY(class MyClass(GeneratedClass):
    def onInput_onStart(self):
        from string import *
        import json
        self.answer([ascii_lowercase[:3], json.loads('{"a": 1}', encoding="utf-8")["a"]])
)PY");
  ASSERT_FALSE(f.error) << f.error->format();
  EXPECT_FALSE(run(f, "onInput_onStart"));
  EXPECT_THAT(f.host.events, ElementsAre("0ms fire answer [\"abc\",1]"));
}

TEST(Python2, WhatCannotBeReadIsReportedAsPython2WithItsLineAndColumn) {
  // 2to3 cannot read it either (a broken indentation): the first place
  // Python 3 refuses is reported, as Python 2.
  Fixture f;
  f.load("class MyClass(GeneratedClass):\n    def onLoad(self):\n        print \"hello\"\n       x = `1`\n", 5, 20);
  ASSERT_TRUE(f.error);
  EXPECT_TRUE(f.error->python2);
  EXPECT_EQ(f.error->line, 7);
  EXPECT_EQ(f.error->column, 9);
  EXPECT_THAT(f.error->format(), HasSubstr("/pkg/demo/behavior.xar:7:9: box 'Say': Python 2 syntax (autolife runs Python 3)"));
  // The script's first line starts after <![CDATA[ in the file: its columns count from there.
  Fixture g;
  g.load("raise ValueError('first line')\n", 5, 20);
  ASSERT_TRUE(g.error);
  EXPECT_EQ(g.error->format(), "/pkg/demo/behavior.xar:5:20: box 'Say': ValueError: first line");
}

}  // namespace
