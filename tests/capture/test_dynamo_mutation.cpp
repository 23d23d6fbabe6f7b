// Mutations of lists and dicts under torch.compile (capture/dynamo) that once gave silently wrong
// results: `del xs[i]` traced without a break (PyTorch's Dynamo mutates the ListVariable), one
// object rebuilt once at a graph break however many references the stack and locals hold, and one
// input container reached through two sources being one tracker; any()/all() of generators, and
// frames skipped with a reason explain() shows. Each compiled result is compared
// with the eager result, and the graph/break counts with what PyTorch 2.11's explain() reports.
#include <catch2/catch.hpp>

#include <string>

#include "support/program.h"

namespace {

using Run = kiln::testing::ProgramRun;
Run run(const std::string& src) { return kiln::testing::run_source(src); }

}  // namespace

TEST_CASE("dynamo: del of a list item is traced, not a break that loses it", "[dynamo]") {
    Run r = run(
        "import torch\n"
        "def f(x):\n"
        "    m = list(x.shape)\n"
        "    del m[1]\n"
        "    return x.sum(1).reshape(m)\n"
        "x = torch.ones(2, 3, 4)\n"
        "print(f(x).shape, torch.compile(f, backend='eager')(x).shape)\n"
        "e = torch._dynamo.explain(f)(x)\n"
        "print(e.graph_count, e.graph_break_count)\n"
        "def h(x, lst, d):\n"
        "    del lst[0]\n"
        "    del lst[-2:]\n"
        "    del d['k']\n"
        "    return x * len(lst)\n"
        "lst = [1, 2, 3, 4, 5]; d = {'k': 1, 'j': 2}\n"
        "print(h(x, lst, d).sum().item(), lst, d)\n"
        "lst = [1, 2, 3, 4, 5]; d = {'k': 1, 'j': 2}\n"
        "print(torch.compile(h, backend='eager')(x, lst, d).sum().item(), lst, d)\n");
    REQUIRE(r.result.ok);
    CHECK(r.out ==
          "torch.Size([2, 4]) torch.Size([2, 4])\n"
          "1 0\n"
          "48.0 [2, 3] {'j': 2}\n"
          "48.0 [2, 3] {'j': 2}\n");
}

TEST_CASE("dynamo: a container referenced twice at a break is rebuilt as one object", "[dynamo]") {
    Run r = run(
        "import torch\n"
        "def f(x):\n"
        "    m = list(x.shape)\n"
        "    m.append(int(x.sum().item()))\n"  // breaks with m.append on the stack and m live; the resume
                                                   // function gets the bound method and m: one list
        "    m.append(5)\n"
        "    return x.sum(), m\n"
        "x = torch.ones(2, 3)\n"
        "print(f(x)[1], torch.compile(f, backend='eager')(x)[1])\n"
        "def g(x):\n"
        "    d = {'a': 1, 'b': 2}\n"
        "    l = [d, d]\n"
        "    del d['a']\n"
        "    torch._dynamo.graph_break()\n"
        "    d['c'] = 3\n"  // the resumed frame gets d and l[0], l[1]: one dict
        "    return x + len(l[0]) + len(l[1]), l\n"
        "a, b = g(x), torch.compile(g, backend='eager')(x)\n"
        "print(torch.equal(a[0], b[0]), a[1] == b[1], b[1][0] is b[1][1], b[1])\n"
        "torch._dynamo.reset()\n"
        "e = torch._dynamo.explain(g)(x)\n"
        "print(e.graph_count, e.graph_break_count)\n");
    REQUIRE(r.result.ok);
    CHECK(r.out ==
          "[2, 3, 6, 5] [2, 3, 6, 5]\n"
          "True True True [{'b': 2, 'c': 3}, {'b': 2, 'c': 3}]\n"
          "1 0\n");
}

TEST_CASE("dynamo: any()/all() of a generator over ints are traced, and a frame skip is never silent", "[dynamo]") {
    // any(gen) was an unsupported call that broke with the generator on the stack; the generator
    // cannot be rebuilt, so the frame ran eagerly with nothing in explain (graph_count 0, -1 breaks).
    Run r = run(
        "import torch\n"
        "def g(x, ints):\n"
        "    if any(p < 0 for p in ints):\n"
        "        return x - 1\n"
        "    if all(p > 0 for p in ints):\n"
        "        return x + 1\n"
        "    return x * 2\n"
        "x = torch.ones(2)\n"
        "for ints in ([1, 2], [1, -2], [0, 1]):\n"
        "    torch._dynamo.reset()\n"
        "    print(torch.equal(g(x, ints), torch.compile(g, backend='eager')(x, ints)))\n"
        "    e = torch._dynamo.explain(g)(x, ints)\n"
        "    print(e.graph_count, e.graph_break_count, len(e.break_reasons))\n"
        "def h(x):\n"
        "    gen = (t for t in x)\n"  // a generator live at a break: Kiln runs the frame eagerly
        "    torch._dynamo.graph_break()\n"
        "    return x + sum(gen)\n"
        "torch._dynamo.reset()\n"
        "print(torch.equal(h(x), torch.compile(h, backend='eager')(x)))\n"
        "e = torch._dynamo.explain(h)(x)\n"
        "print(len(e.break_reasons), e.break_reasons[0].reason.split(' (')[0])\n");
    REQUIRE(r.result.ok);
    CHECK(r.out ==
          "True\n1 0 0\n"
          "True\n1 0 0\n"
          "True\n1 0 0\n"
          "True\n"
          "1 Skipping frame: the state at the graph break cannot be rebuilt\n");
}

TEST_CASE("dynamo: a list built in a loop over reversed(range(n)) survives a resume", "[dynamo]") {
    // reversed(range(n)) was called at trace time, an opaque iterator: a break, and the resume
    // function's FOR_ITER took the saved iterator for an empty one (the list came back empty).
    Run r = run(
        "import torch\n"
        "def h(x, n):\n"
        "    lst = []\n"
        "    for d in reversed(range(n)):\n"
        "        lst += [x * d]\n"
        "    torch._dynamo.graph_break()\n"
        "    return sum(lst), len(lst)\n"
        "x = torch.ones(2)\n"
        "a, b = h(x, 3), torch.compile(h, backend='eager')(x, 3)\n"
        "print(torch.equal(a[0], b[0]), a[1], b[1])\n"
        "torch._dynamo.reset()\n"
        "e = torch._dynamo.explain(h)(x, 3)\n"
        "print(e.graph_count, e.graph_break_count)\n"
        "def k(x, it):\n"  // an iterator Dynamo does not model: the loop runs eagerly, in full
        "    lst = []\n"
        "    for d in it:\n"
        "        lst += [x * d]\n"
        "    return sum(lst), len(lst)\n"
        "a, b = k(x, reversed(range(3))), torch.compile(k, backend='eager')(x, reversed(range(3)))\n"
        "print(torch.equal(a[0], b[0]), a[1], b[1])\n");
    REQUIRE(r.result.ok);
    CHECK(r.out ==
          "True 3 3\n"
          "2 1\n"
          "True 3 3\n");
}

TEST_CASE("dynamo: module.compile() of a Sequential compiles each child's frame, named children", "[dynamo]") {
    // PyTorch 2.11 skips the container's own frames (torch's files) and compiles each Block.forward
    // frame: two graphs (tests/parity/programs/dynamo/mutation_across_breaks.out). Traced whole
    // (torch.compile), OrderedDict-named children were looked up as _modules['0'].
    Run r = run(
        "import torch\n"
        "import torch.nn as nn\n"
        "from collections import OrderedDict\n"
        "class Block(nn.Module):\n"
        "    def __init__(self, d):\n"
        "        super().__init__()\n"
        "        self.fc = nn.Linear(d, d)\n"
        "    def forward(self, x):\n"
        "        return torch.relu(self.fc(x))\n"
        "torch.manual_seed(0)\n"
        "x = torch.randn(2, 4)\n"
        "gms = []\n"
        "def be(gm, ex):\n"
        "    gms.append(gm)\n"
        "    return gm.forward\n"
        "m = nn.Sequential(Block(4), Block(4))\n"
        "ref = m(x)\n"
        "m.compile(backend=be)\n"
        "print(torch.allclose(m(x), ref), torch.allclose(m(x), ref), len(gms))\n"
        "print([n.name for n in gms[0].graph.nodes if n.op == 'placeholder'])\n"
        "od = nn.Sequential(OrderedDict([('a', Block(4)), ('b', nn.ReLU()), ('c', Block(4))]))\n"
        "torch._dynamo.reset()\n"
        "e = torch._dynamo.explain(od)(x)\n"
        "print(torch.allclose(od(x), torch.compile(od, backend='eager')(x)), e.graph_count, e.graph_break_count)\n");
    REQUIRE(r.result.ok);
    CHECK(r.out ==
          "True True 2\n"
          "['l_self_modules_fc_parameters_weight_', 'l_self_modules_fc_parameters_bias_', 'l_x_']\n"
          "True 1 0\n");
}

TEST_CASE("dynamo: `xs += ys` extends the frame's list, a frame dict at a break is the program's dict", "[dynamo]") {
    // `lst += [...]` made a new list (the caller's list and its aliases kept the old items), and a
    // dict argument live at a break was rebuilt as a copy, so `d.update(...)` run at the break and
    // every later store went to the copy.
    Run r = run(
        "import torch\n"
        "def f(x, lst):\n"
        "    alias = lst\n"
        "    lst += [x * 2]\n"
        "    alias.extend([3])\n"
        "    return x + len(alias)\n"
        "def g(x, d):\n"
        "    d.update(k=2)\n"  // a graph break (update is not traced): the call runs on L['d']
        "    d['z'] = x.sum()\n"
        "    return x + len(d)\n"
        "x = torch.ones(2)\n"
        "a = [1]; e = f(x, a); b = [1]; c = torch.compile(f, backend='eager')(x, b)\n"
        "print(torch.equal(e, c), len(a), len(b), a[2], b[2])\n"
        "a = {'a': 1}; e = g(x, a); b = {'a': 1}; c = torch.compile(g, backend='eager')(x, b)\n"
        "print(torch.equal(e, c), sorted(a), sorted(b))\n");
    REQUIRE(r.result.ok);
    CHECK(r.out ==
          "True 3 3 3 3\n"
          "True ['a', 'k', 'z'] ['a', 'k', 'z']\n");
}
