// Program runners (playground/runner.h): the desktop app's thread runner delivers reports without
// the caller waiting, and Stop ends a program that would otherwise run forever.
#include <catch2/catch.hpp>

#include <chrono>
#include <thread>

#include "runner.h"

using namespace kiln::playground;

namespace {

// Polls until the report is there (a test may wait; the UI polls once per frame instead).
RunReport wait_for(ProgramRunner& r) {
    RunReport out;
    for (int i = 0; i < 60000 && !r.poll(&out); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return out;
}

}  // namespace

TEST_CASE("the thread runner runs a program off the caller's thread", "[playground][runner]") {
    auto runner = make_thread_runner();
    CHECK(!runner->busy());
    RunOptions o;
    runner->start("print(6 * 7)\n", o);
    CHECK(runner->busy());
    RunReport r = wait_for(*runner);
    CHECK(r.ok);
    CHECK(r.stdout_text == "42\n");
    CHECK(!runner->busy());
    RunReport none;
    CHECK(!runner->poll(&none));  // one report per run
}

TEST_CASE("Stop ends a program on the thread runner with a clear message", "[playground][runner][stop]") {
    auto runner = make_thread_runner();
    RunOptions o;
    o.max_instructions = 0;  // no budget: only Stop can end it
    runner->start("while True:\n    pass\n", o);
    RunReport early;
    CHECK(!runner->poll(&early));  // still running
    runner->stop();
    RunReport r = wait_for(*runner);
    CHECK(!r.ok);
    CHECK(r.error.type == "KilnLimitError");
    CHECK(r.error.message == kStoppedMessage);
    CHECK((r.error.line == 1 || r.error.line == 2));  // located in the loop (where it was stopped)
    // The runner is free again, and the next run is not affected by the Stop.
    runner->start("print('again')\n", o);
    CHECK(wait_for(*runner).stdout_text == "again\n");
}

TEST_CASE("the inline runner is done when start returns", "[playground][runner]") {
    auto runner = make_inline_runner();
    runner->start("print(1)\n", RunOptions{});
    RunReport r;
    REQUIRE(runner->poll(&r));
    CHECK(r.stdout_text == "1\n");
    CHECK(std::string(runner->where()) == "inline");
    CHECK(stopped_report("why", 1.5).error.message == "why");
}
