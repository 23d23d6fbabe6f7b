// The linked selection (playground/linked.h) on a real compile: a source line lights its FX nodes,
// the aten nodes traced from them, their fused kernel and that kernel's generated-code lines; a
// kernel, an aten node or an FX node lights its source lines back.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "linked.h"
#include "session.h"

using namespace kiln::playground;

namespace {

// Line 4 is a matmul (an extern kernel), line 5 softmax + multiply (one fused reduction kernel
// chain), line 6 a pointwise tail of its own line.
const char* kProgram = "import torch\n"                                      // 1
                       "\n"                                                  // 2
                       "def f(x, w):\n"                                      // 3
                       "    y = x @ w\n"                                     // 4
                       "    z = y.softmax(dim=-1) * 2\n"                     // 5
                       "    return z.sin() + 1\n"                            // 6
                       "\n"                                                  // 7
                       "with torch.no_grad():\n"                             // 8
                       "    torch.compile(f)(torch.randn(4, 8), torch.randn(8, 8))\n";

std::vector<std::string> lines_of(const std::string& text, const std::vector<int>& idx) {
    std::vector<std::string> out;
    size_t p = 0;
    std::vector<std::string> all;
    while (true) {
        size_t e = text.find('\n', p);
        all.push_back(text.substr(p, e == std::string::npos ? std::string::npos : e - p));
        if (e == std::string::npos) break;
        p = e + 1;
    }
    for (int i : idx) out.push_back(all.at(size_t(i)));
    return out;
}

}  // namespace

TEST_CASE("linked selection: source line -> FX, aten, kernel, generated code and back", "[playground][linked]") {
    RunReport r = run_program(kProgram, RunOptions{});
    REQUIRE(r.ok);
    REQUIRE(r.compiles.size() == 1);
    const CompileRecord& c = r.compiles[0];
    REQUIRE(c.inductor.size() == 1);
    const InductorArtifacts& a = c.inductor[0];
    LinkModel m = link_model(c);
    REQUIRE(!m.kernels.empty());

    // A source line: its FX nodes, the aten nodes traced from them and the kernels computing those.
    Linked l5 = link(m, {LinkPick::Level::Source, 5, ""});
    CHECK(l5.source_lines == std::set<int>{5});
    CHECK(l5.fx_nodes.size() >= 2);  // softmax, mul
    CHECK(l5.aten_nodes.size() >= 4);  // softmax's decomposition, mul
    REQUIRE(!l5.kernels.empty());
    for (const LinkModel::Node& n : m.fx)
        if (l5.fx_nodes.count(n.name)) CHECK(n.lines.front() == 5);
    // Line 4's matmul is no fused kernel's: none of line 5's kernels is lit by line 4 alone.
    Linked l4 = link(m, {LinkPick::Level::Source, 4, ""});
    CHECK(!l4.fx_nodes.empty());
    CHECK(!l4.aten_nodes.empty());
    for (const std::string& n : l4.aten_nodes) CHECK(!l5.aten_nodes.count(n));
    // A line without graph code (the import) links nothing but itself.
    Linked l1 = link(m, {LinkPick::Level::Source, 1, ""});
    CHECK(l1.fx_nodes.empty());
    CHECK(l1.kernels.empty());

    // The generated code: the kernel's body and its call; nothing of a kernel not picked.
    const std::string kernel = *l5.kernels.begin();
    std::vector<int> code = linked_kernel_lines(a.output_code, {kernel});
    REQUIRE(code.size() >= 4);
    std::vector<std::string> text = lines_of(a.output_code, code);
    CHECK(std::any_of(text.begin(), text.end(), [&](const std::string& s) {
        return s.find("extern \"C\" void " + kernel + "(") != std::string::npos;
    }));
    CHECK(std::any_of(text.begin(), text.end(), [&](const std::string& s) { return s == "}"; }));
    CHECK(std::any_of(text.begin(), text.end(), [&](const std::string& s) {
        return s.find("    " + kernel + "(") == 0;  // the call in kiln_call
    }));
    CHECK(std::none_of(text.begin(), text.end(), [](const std::string& s) { return s.find("kiln_call(KilnRuntime") != std::string::npos; }));
    for (const std::string& other : m.kernels)
        if (other != kernel) CHECK(std::none_of(text.begin(), text.end(), [&](const std::string& s) {
            return s.find("void " + other + "(") != std::string::npos;
        }));
    // The plan: the kernel's entry (its "origins:" line included).
    std::vector<std::string> plan = lines_of(a.schedule, linked_kernel_lines(a.schedule, {kernel}));
    CHECK(std::any_of(plan.begin(), plan.end(), [](const std::string& s) { return s.find("origins: ") != std::string::npos; }));

    // Back: a click inside the kernel's body picks the kernel; the kernel lights line 5 (and not 4).
    LinkPick back = pick_kernel_line(a.output_code, code[code.size() / 2], m.kernels);
    CHECK(back.level == LinkPick::Level::Kernel);
    CHECK(back.name == kernel);
    Linked lk = link(m, back);
    CHECK(lk.source_lines.count(5));
    CHECK(!lk.source_lines.count(4));
    CHECK(!lk.fx_nodes.empty());
    CHECK(lk.kernels == std::set<std::string>{kernel});
    // A click outside every kernel (the file's head) picks nothing.
    CHECK(pick_kernel_line(a.output_code, 0, m.kernels).level == LinkPick::Level::None);

    // The FX code: the picked line's nodes and their "# File:" comment; a click there picks the node.
    std::vector<int> fx = linked_node_lines(c.fx_code, l5.fx_nodes);
    REQUIRE(!fx.empty());
    std::vector<std::string> fx_text = lines_of(c.fx_code, fx);
    CHECK(std::any_of(fx_text.begin(), fx_text.end(), [](const std::string& s) { return s.find("# File: ") != std::string::npos; }));
    LinkPick node = pick_node_line(c.fx_code, fx.back(), false);
    CHECK(node.level == LinkPick::Level::FxNode);
    CHECK(l5.fx_nodes.count(node.name));
    Linked ln = link(m, node);
    CHECK(ln.source_lines.count(5));
    CHECK(!ln.aten_nodes.empty());

    // An aten node of the post-grad graph: its line, its kernel.
    const std::string aten = *l5.aten_nodes.begin();
    Linked la = link(m, {LinkPick::Level::AtenNode, 0, aten});
    CHECK(la.source_lines == std::set<int>{5});
    CHECK(!la.fx_nodes.empty());
    std::vector<int> pg = linked_node_lines(a.post_grad, {aten});
    REQUIRE(pg.size() >= 1);
    CHECK(pick_node_line(a.post_grad, pg.back(), true).name == aten);
}
