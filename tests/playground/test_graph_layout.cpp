// The graph view's model without a window (playground/graph_model.h): module paths from a real
// capture, scalar constants folded into labels, modules collapsed into boxes, fused-kernel frames,
// and the fit that makes a transformer block's graph readable in a 1024 px wide panel.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "graph_model.h"
#include "session.h"

using namespace kiln::playground;

namespace {

// A GPT block: layer norms, causal-free attention (self.attn with qkv/proj linears) and an MLP
// (a Sequential), about forty FX nodes.
const char* kGptBlock = R"PY(import torch
import torch.nn as nn

class Attn(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.h = h
        self.qkv = nn.Linear(d, 3 * d)
        self.proj = nn.Linear(d, d)

    def forward(self, x):
        B, T, C = x.shape
        q, k, v = self.qkv(x).split(C, dim=2)
        q = q.view(B, T, self.h, C // self.h).transpose(1, 2)
        k = k.view(B, T, self.h, C // self.h).transpose(1, 2)
        v = v.view(B, T, self.h, C // self.h).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / (C // self.h) ** 0.5)
        att = att.softmax(dim=-1)
        y = (att @ v).transpose(1, 2).contiguous().view(B, T, C)
        return self.proj(y)

class Block(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.attn = Attn(d, h)
        self.ln2 = nn.LayerNorm(d)
        self.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))

    def forward(self, x):
        x = x + self.attn(self.ln1(x))
        x = x + self.mlp(self.ln2(x))
        return x

torch.manual_seed(0)
m = Block(16, 2)
with torch.no_grad():
    print(torch.compile(m)(torch.randn(2, 5, 16)).shape)
)PY";

const ViewNode* node_named(const ViewGraph& g, const std::string& name) {
    for (const ViewNode& n : g.nodes)
        if (n.name == name) return &n;
    return nullptr;
}

bool overlaps(const GraphLayout::Box& a, const GraphLayout::Box& b) {
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

}  // namespace

TEST_CASE("graph view: module paths, folded constants and a fitted GPT block", "[playground][graph]") {
    RunReport r = run_program(kGptBlock, RunOptions{});
    REQUIRE(r.ok);
    REQUIRE(r.graph_count() == 1);
    ViewGraph g = view_graph_from_fx(r.compiles[0]);
    REQUIRE(g.nodes.size() >= 37);

    // nn_module_stack: Python forwards (self.attn) and built-in layers (self.attn.qkv) both count.
    const ViewNode* att = node_named(g, "att");
    REQUIRE(att != nullptr);
    CHECK(att->modules == std::vector<std::string>{"self.attn"});
    const ViewNode* linear = node_named(g, "linear");
    REQUIRE(linear != nullptr);
    CHECK(linear->modules == std::vector<std::string>{"self.attn", "self.attn.qkv"});
    // A parameter sits with the layer that reads it.
    const ViewNode* w = node_named(g, "l_self_modules_attn_modules_qkv_parameters_weight_");
    REQUIRE(w != nullptr);
    CHECK(w->modules == std::vector<std::string>{"self.attn", "self.attn.qkv"});
    // The input x is read by self.ln1 and by the residual add: it belongs to no module.
    const ViewNode* x = node_named(g, "l_x_");
    REQUIRE(x != nullptr);
    CHECK(x->modules.empty());
    std::vector<std::string> paths = module_paths(g);
    for (const char* p : {"self.ln1", "self.attn", "self.attn.qkv", "self.attn.proj", "self.ln2", "self.mlp", "self.mlp.0", "self.mlp.1"})
        CHECK(std::find(paths.begin(), paths.end(), p) != paths.end());

    // The attention scale is a constant argument, shown in the label, not an input node.
    CHECK(att->scalars == std::vector<std::string>{"0.35355339059327373"});
    CHECK(node_label(*att) == "operator.mul(0.3536)");
    for (const ViewNode& n : g.nodes) CHECK(n.name.find_first_not_of("0123456789") != std::string::npos);

    // Open and in one band, the graph is far too long for 1024 px at a readable zoom; the default
    // collapses modules and wraps the chain into bands, and the fit then shows it all at a readable
    // scale.
    GraphLayout open = layout_graph(g, {});
    CHECK(open.bands == 1);
    CHECK(fit_layout(open, 1024, 600).zoom < 0.4f);
    std::set<std::string> collapsed = default_collapsed(g);
    CHECK(collapsed.count("self.attn"));
    LayoutOptions view;
    view.view_w = 1024;
    view.view_h = 600;
    GraphLayout l = layout_graph(g, collapsed, view);
    CHECK(l.boxes.size() <= 24);
    CHECK(l.bands > 1);
    ViewFit f = fit_layout(l, 1024, 600);
    CHECK(f.zoom >= 0.6f);
    CHECK(l.width * f.zoom <= 1024.0f + 0.5f);
    CHECK(l.height * f.zoom <= 600.0f + 0.5f);
    CHECK(f.pan_x >= 0);
    CHECK(f.pan_y >= 0);
    // No two boxes overlap; every node is in exactly one box.
    for (size_t a = 0; a < l.boxes.size(); ++a)
        for (size_t b = a + 1; b < l.boxes.size(); ++b) CHECK_FALSE(overlaps(l.boxes[a], l.boxes[b]));
    size_t members = 0;
    for (const auto& b : l.boxes) members += b.members.size();
    size_t drawn = 0;
    for (const ViewNode& n : g.nodes) drawn += !n.folded;
    CHECK(members == drawn);

    // self.attn collapsed: one box holding all its nodes, its parameters too; clicking it (hit test)
    // finds that box; opening it draws a frame titled self.attn around its nodes instead.
    std::set<std::string> only_attn = {"self.attn"};
    GraphLayout c = layout_graph(g, only_attn);
    int attn_box = -1;
    for (size_t b = 0; b < c.boxes.size(); ++b)
        if (c.boxes[b].module == "self.attn") attn_box = int(b);
    REQUIRE(attn_box >= 0);
    const GraphLayout::Box& ab = c.boxes[size_t(attn_box)];
    CHECK(ab.node == -1);
    CHECK(ab.members.size() >= 20);
    CHECK(c.box_of[size_t(w - g.nodes.data())] == attn_box);
    CHECK(ab.line > 0);
    CHECK(box_at(c, ab.x + 1, ab.y + 1) == attn_box);
    CHECK(box_at(c, ab.x - 1, ab.y - 1) != attn_box);
    for (const auto& grp : c.groups) CHECK(grp.module.rfind("self.attn", 0) != 0);  // no frame inside a closed module
    GraphLayout o = layout_graph(g, {});
    int frame = -1;
    for (size_t k = 0; k < o.groups.size(); ++k)
        if (o.groups[k].module == "self.attn") frame = int(k);
    REQUIRE(frame >= 0);
    const GraphLayout::Group& fr = o.groups[size_t(frame)];
    const GraphLayout::Box& att_box = o.boxes[size_t(o.box_of[size_t(att - g.nodes.data())])];
    CHECK(fr.x0 <= att_box.x);
    CHECK(fr.x1 >= att_box.x + att_box.w);
    CHECK(module_title_at(o, fr.x0 + 2, fr.y0 + 2, 14) == frame);
    // Nested frames come after their parents (drawn on top, hit first).
    int inner = -1;
    for (size_t k = 0; k < o.groups.size(); ++k)
        if (o.groups[k].module == "self.attn.qkv") inner = int(k);
    CHECK(inner > frame);
}

TEST_CASE("graph view: the aten graph's inputs, scalars and fused-kernel frames", "[playground][graph]") {
    RunReport r = run_program("import torch\n"
                              "def f(x, w):\n"
                              "    y = x @ w\n"
                              "    return y.softmax(dim=-1) * 2\n"
                              "with torch.no_grad():\n"
                              "    torch.compile(f)(torch.randn(4, 8), torch.randn(8, 8))\n",
                              RunOptions{});
    REQUIRE(r.ok);
    REQUIRE(r.compiles.size() == 1);
    REQUIRE(r.compiles[0].inductor.size() == 1);
    ViewGraph g = view_graph_from_aten(r.compiles[0].inductor[0]);
    // The inputs are arg0_1 and arg1_1 with their annotations: the sizes inside "f32[4, 8]" are no
    // input nodes.
    int inputs = 0;
    for (const ViewNode& n : g.nodes)
        if (n.kind == "placeholder") {
            ++inputs;
            CHECK(n.name.rfind("arg", 0) == 0);
            CHECK(n.type.rfind("f32[", 0) == 0);
        }
    CHECK(inputs == 2);
    // Each aten node knows the user line of the FX node it was traced from: the matmul line 3,
    // the softmax's decomposition and the multiply line 4.
    int line3 = 0, line4 = 0;
    for (const ViewNode& n : g.nodes) {
        if (n.kind == "placeholder" || n.kind == "output") continue;
        CHECK(n.line > 0);
        line3 += n.line == 3;
        line4 += n.line == 4;
        if (n.group == 0) CHECK(n.line == 4);
    }
    CHECK(line3 >= 1);
    CHECK(line4 >= 6);
    bool times_two = false;
    for (const ViewNode& n : g.nodes) times_two |= n.label.find("mul") != std::string::npos && n.scalars == std::vector<std::string>{"2"};
    CHECK(times_two);
    GraphLayout l = layout_graph(g, default_collapsed(g));
    int kernel_frames = 0;
    for (const auto& grp : l.groups)
        if (grp.kind == GraphLayout::Group::Kind::Kernel) {
            ++kernel_frames;
            CHECK(grp.kernel == 0);
            for (size_t b = 0; b < l.boxes.size(); ++b)
                if (l.boxes[b].node >= 0 && g.nodes[size_t(l.boxes[b].node)].group == 0) {
                    CHECK(grp.x0 < l.boxes[b].x);
                    CHECK(grp.y1 > l.boxes[b].y + l.boxes[b].h);
                }
        }
    CHECK(kernel_frames == 1);
}

TEST_CASE("graph view: scalar graph inputs fold into their users", "[playground][graph]") {
    ViewGraph g;
    auto add = [&](const char* name, const char* kind, const char* type, std::vector<int> inputs) {
        ViewNode n;
        n.name = name;
        n.label = name;
        n.kind = kind;
        n.type = type;
        n.inputs = std::move(inputs);
        g.nodes.push_back(n);
    };
    add("x", "placeholder", "f32[s0, 4][4, 1]cpu", {});
    add("s0", "placeholder", "Sym(s0)", {});
    add("view", "call", "f32[s0, 4]", {0, 1});
    add("output", "output", "", {2});
    // The same folding view_graph_from_fx applies, through the public builder: a CompileRecord.
    CompileRecord c;
    for (const ViewNode& n : g.nodes) {
        GraphNode gn;
        gn.name = n.name;
        gn.op = n.kind == "call" ? "call_method" : n.kind;
        gn.target = n.name;
        gn.type = n.type;
        gn.inputs = n.inputs;
        c.nodes.push_back(gn);
    }
    ViewGraph v = view_graph_from_fx(c);
    CHECK(v.nodes[1].folded);
    CHECK_FALSE(v.nodes[0].folded);
    CHECK(v.nodes[2].scalars == std::vector<std::string>{"s0"});
    CHECK(node_label(v.nodes[2]) == "view(s0)");
    GraphLayout l = layout_graph(v, {});
    CHECK(l.boxes.size() == 3);
    CHECK(l.box_of[1] == -1);
    for (const auto& [a, b] : l.edges) CHECK((a >= 0 && b >= 0));
}
