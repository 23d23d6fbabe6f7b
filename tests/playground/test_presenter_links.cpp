// Playground state logic without a window: presenter mode (presenter.h), its share-link state
// (share.h), the graph-break -> lesson links (break_lessons.h) against the real course, and the
// report's JSON round trip that carries a Web Worker's run back to the page (web/report_json.h).
#include <catch2/catch.hpp>

#include <string>

#include "break_lessons.h"
#include "course_embedded.h"
#include "examples.h"
#include "presenter.h"
#include "report_json.h"
#include "session.h"
#include "share.h"
#include "whatif.h"

using namespace kiln::playground;

TEST_CASE("presenter mode: panels, keys, and the share link", "[playground][presenter]") {
    PresenterState p;
    CHECK(presenter_shows(p, "graph"));  // off: everything shows
    p.on = true;
    CHECK(presenter_shows(p, "graph"));  // on, nothing chosen: everything shows
    presenter_set_panels(p, "editor,graph,nonsense,graph,lesson");
    CHECK(presenter_panels_text(p) == "editor,graph,lesson");  // unknown ids and repeats dropped
    CHECK(presenter_shows(p, "graph"));
    CHECK(!presenter_shows(p, "console"));

    CHECK(presenter_panel_id("Breaks (2)###breaks") == "breaks");
    CHECK(presenter_panel_id("FX code") == "fx");
    CHECK(presenter_panel_id("Performance") == "perf");
    CHECK(presenter_panel_id("Nope").empty());

    CHECK(presenter_step_for_key(p, PresenterKey::Right, false, false) == 1);
    CHECK(presenter_step_for_key(p, PresenterKey::PageDown, false, false) == 1);
    CHECK(presenter_step_for_key(p, PresenterKey::Left, false, false) == -1);
    CHECK(presenter_step_for_key(p, PresenterKey::PageUp, false, false) == -1);
    CHECK(presenter_step_for_key(p, PresenterKey::Right, true, false) == 0);  // the editor has the keyboard
    // A held key steps once: its repeats do nothing.
    CHECK(presenter_step_for_key(p, PresenterKey::Right, false, true) == 0);
    CHECK(presenter_step_for_key(p, PresenterKey::PageUp, false, true) == 0);
    p.on = false;
    CHECK(presenter_step_for_key(p, PresenterKey::Right, false, false) == 0);

    ShareState s;
    s.code = "print(1)\n";
    s.presenter = true;
    s.panels = "editor,graph";
    std::string hash = encode_share_hash(s);
    CHECK(hash.find("&presenter=1&panels=editor,graph") != std::string::npos);
    ShareState back = decode_share_hash(hash);
    CHECK(back.presenter);
    CHECK(back.panels == "editor,graph");
    CHECK(decode_share_hash("#panels=a<b>,c").panels == "ab,c");  // ids only
    s.presenter = false;
    CHECK(encode_share_hash(s).find("presenter") == std::string::npos);  // old links stay as they were
}

TEST_CASE("graph-break reasons link to the lesson step that explains them", "[playground][lessons]") {
    LoadResult course = load_course(embedded_course_files());
    auto step_exists = [&](const LessonLink& link) {
        for (const Lesson& l : course.course.lessons)
            if (l.folder == link.lesson)
                for (const Step& s : l.steps)
                    if (s.title == link.step) return true;
        return false;
    };
    // The reasons the engine gives for the examples' breaks, and a few others.
    for (const char* id : {"print_break", "branch"}) {
        RunOptions o;
        RunReport r = run_program(find_example(id)->source, o);
        REQUIRE(!r.breaks.empty());
        for (const auto& b : r.breaks) {
            LessonLink link = lesson_for_break(b.reason);
            INFO(b.reason << " -> " << link.lesson << " / " << link.step);
            CHECK(link.lesson == "08-graph-breaks");
            CHECK(step_exists(link));
        }
    }
    CHECK(lesson_for_break("Graph Break Reason: Data-dependent branching").why.find("tensor values") != std::string::npos);
    CHECK(lesson_for_break("Call to `torch._dynamo.graph_break()`").why.find("explicit") != std::string::npos);
    CHECK(step_exists(lesson_for_break("something new")));
    CHECK(step_exists(lesson_for_recompile("TENSOR_MATCH")));
    CHECK(step_exists(lesson_for_recompile("EQUALS_MATCH")));
    CHECK(step_exists(lesson_for_recompile("a guard class nobody knows")));
}

TEST_CASE("a report survives the JSON trip from the worker", "[playground][worker]") {
    RunOptions o;
    o.extra.function = "f";
    o.extra.args = {{"x", "torch.randn((4,), dtype=torch.float32)"}};
    RunReport r = run_program(find_example("recompile")->source, o);
    REQUIRE(r.ok);
    // A measured call's launch times, as the browser's engines record them (wasm kernels, an
    // interpreted one, an extern on the eager engine): the performance panel reads them on the page.
    kiln::backends::PlanProfile timed;
    timed.engine = "wasm";
    timed.total_ms = 0.5;
    timed.steps = {{"cpp_fused_relu_0", "kernel", "wasm", 0.125}, {"extern", "extern", "eager", 0.25},
                   {"cpp_fused_sum_1", "kernel", "interpreter", 0.0625}};
    r.kernel_profile = {timed};
    // The options the page sends, and the report it gets back.
    RunOptions o2 = kiln::web::options_from_json(kiln::web::options_json(o));
    CHECK(o2.extra.function == "f");
    CHECK(o2.extra.args == o.extra.args);
    CHECK(o2.max_instructions == o.max_instructions);
    RunReport back = kiln::web::report_from_json(nlohmann::json::parse(kiln::web::report_json(r).dump()));
    CHECK(kiln::web::report_json(back) == kiln::web::report_json(r));
    REQUIRE(back.compiles.size() == r.compiles.size());
    REQUIRE(!r.compiles[0].inductor.empty());
    CHECK(!r.compiles[0].inductor[0].cuda_code.empty());  // the CUDA tab's text travels too
    CHECK(back.compiles[0].inductor[0].cuda_code == r.compiles[0].inductor[0].cuda_code);
    CHECK(back.extra_ok == r.extra_ok);
    CHECK(back.extra_call_record == r.extra_call_record);
    REQUIRE(back.kernel_profile.size() == 1);
    CHECK(back.kernel_profile[0].engine == "wasm");
    CHECK(back.kernel_profile[0].total_ms == 0.5);
    REQUIRE(back.kernel_profile[0].steps.size() == 3);
    CHECK(back.kernel_profile[0].steps[1].engine == "eager");
    CHECK(back.kernel_profile[0].steps[2].engine == "interpreter");
    CHECK(back.kernel_profile[0].steps[2].ms == 0.0625);
    // The what-if panel gives the same verdicts on the copy.
    for (size_t k = 0; k < r.compiles.size(); ++k) {
        WhatIfEdit e = whatif_start(r.compiles[k]);
        REQUIRE(!e.args.empty());
        e.args[0].sizes = "1";
        WhatIfVerdict a = whatif_evaluate(r, r.compiles[k], e), b = whatif_evaluate(back, back.compiles[k], whatif_start(back.compiles[k]));
        WhatIfEdit eb = whatif_start(back.compiles[k]);
        eb.args[0].sizes = "1";
        b = whatif_evaluate(back, back.compiles[k], eb);
        CHECK(a.summary == b.summary);
        CHECK(!a.summary.empty());
    }
}
