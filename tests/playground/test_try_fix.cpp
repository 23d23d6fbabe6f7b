// "Try the fix" (playground/try_fix.h): the .item() and print() rewrites applied to real programs,
// run again by the engine, with fewer breaks after; rewrites that do not fit their line say why.
#include <catch2/catch.hpp>

#include <string>

#include "examples.h"
#include "try_fix.h"

using namespace kiln::playground;

TEST_CASE("try the fix: .item() kept as a tensor removes the break", "[playground][tryfix]") {
    const std::string src = "import torch\n"
                            "@torch.compile\n"
                            "def f(x):\n"
                            "    s = x.sum().item()\n"
                            "    return x * s\n"
                            "print(f(torch.ones(3)))\n";
    RunOptions o;
    RunReport before = run_program(src, o);
    REQUIRE(before.ok);
    REQUIRE(before.breaks.size() == 1);
    CHECK(before.breaks[0].line == 4);
    FixTrial t = try_fix(src, o, before, before.breaks[0]);
    REQUIRE(t.edit.applied);
    CHECK(t.edit.source.find("    s = x.sum()\n") != std::string::npos);
    CHECK(t.edit.summary == "line 4: s = x.sum().item()  ->  s = x.sum()  (the value stays a tensor)");
    CHECK(t.ran);
    CHECK(t.after_ok);
    CHECK(t.breaks_before == 1);
    CHECK(t.breaks_after == 0);
    CHECK(t.after.stdout_text == before.stdout_text);  // the same result, now from one graph
    CHECK(t.after.graph_count() == 1);
}

TEST_CASE("try the fix: print() taken out of the compiled function", "[playground][tryfix]") {
    const Example* e = find_example("print_break");
    REQUIRE(e != nullptr);
    RunOptions o;
    RunReport before = run_program(e->source, o);
    REQUIRE(before.ok);
    REQUIRE(!before.breaks.empty());
    FixTrial t = try_fix(e->source, o, before, before.breaks[0]);
    REQUIRE(t.edit.applied);
    CHECK(t.after_ok);
    CHECK(t.breaks_after < t.breaks_before);
    CHECK(t.edit.source.find("pass  # taken out of the compiled function: print(") != std::string::npos);

    // A print over several lines goes whole; the block stays valid Python.
    const std::string multi = "import torch\n"
                              "@torch.compile\n"
                              "def f(x):\n"
                              "    y = x + 1\n"
                              "    print('y is',\n"
                              "          y.shape)\n"
                              "    return y * 2\n"
                              "print(f(torch.ones(2)))\n";
    RunReport b2 = run_program(multi, o);
    REQUIRE(b2.ok);
    REQUIRE(b2.breaks.size() == 1);
    FixTrial t2 = try_fix(multi, o, b2, b2.breaks[0]);
    REQUIRE(t2.edit.applied);
    CHECK(t2.edit.source.find("          y.shape)\n") == std::string::npos);
    CHECK(t2.edit.source.find("    pass  # taken out of the compiled function: print('y is', y.shape)\n    return y * 2\n") !=
          std::string::npos);
    CHECK(t2.after_ok);
    CHECK(t2.breaks_after == 0);
    CHECK(t2.after.stdout_text == "tensor([4., 4.])\n");
}

TEST_CASE("try the fix: rewrites that do not fit say so", "[playground][tryfix]") {
    FixEdit a = apply_rewrite("x = 1\n", Rewrite::ItemAsTensor, 1);
    CHECK_FALSE(a.applied);
    CHECK(a.summary == "line 1 has no .item() call");
    CHECK(a.source == "x = 1\n");
    FixEdit b = apply_rewrite("x = 1\n", Rewrite::PrintOut, 1);
    CHECK_FALSE(b.applied);
    CHECK(b.summary == "line 1 is not a print() statement");
    CHECK_FALSE(apply_rewrite("x = 1\n", Rewrite::PrintOut, 7).applied);
    CHECK_FALSE(apply_rewrite("x = 1\n", Rewrite::None, 1).applied);
    // A data-dependent branch has no automatic rewrite: nothing runs.
    RunOptions o;
    RunReport r = run_program(find_example("branch")->source, o);
    REQUIRE(!r.breaks.empty());
    FixTrial t = try_fix(find_example("branch")->source, o, r, r.breaks[0]);
    CHECK_FALSE(t.edit.applied);
    CHECK_FALSE(t.ran);
}
