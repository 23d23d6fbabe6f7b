// torch.compile's front end (capture/dynamo): graphs, guards and recompile reasons, graph breaks
// with resume functions, the recompile limit, fullgraph, explain(), side effects and the printouts
// (FX code, print_tabular, guards, transformed bytecode). Every compiled result is compared with
// the eager result of the same program.
#include <catch2/catch.hpp>

#include <string>

#include "support/program.h"

namespace {

using Run = kiln::testing::ProgramRun;
Run run(const std::string& src) { return kiln::testing::run_source(src); }

bool has(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

}  // namespace

TEST_CASE("dynamo: one graph for a straight-line function, FX printouts", "[dynamo]") {
    Run r = run(
        "import torch\n"
        "gms = []\n"
        "def be(gm, example_inputs):\n"
        "    gms.append(gm)\n"
        "    return gm.forward\n"
        "def f(x, n):\n"
        "    y = x * (n + 1)\n"
        "    return torch.relu(y) + x.sin()\n"
        "cf = torch.compile(f, backend=be)\n"
        "x = torch.arange(4.0)\n"
        "print(torch.equal(cf(x, 2), f(x, 2)), len(gms))\n"
        "print([n.op for n in gms[0].graph.nodes])\n"
        "print(gms[0].code)\n"
        "gms[0].graph.print_tabular()\n"
        "print(gms[0].graph)\n");
    REQUIRE(r.result.ok);
    CHECK(r.out ==
          "True 1\n"
          "['placeholder', 'call_function', 'call_function', 'call_method', 'call_function', 'output']\n"
          "\n\n\ndef forward(self, L_x_ : torch.Tensor):\n"
          "    l_x_ = L_x_\n"
          "    y = l_x_ * 3\n"
          "    relu = torch.relu(y);  y = None\n"
          "    sin = l_x_.sin();  l_x_ = None\n"
          "    add = relu + sin;  relu = sin = None\n"
          "    return (add,)\n"
          "    \n"
          "opcode         name    target                    args         kwargs\n"
          "-------------  ------  ------------------------  -----------  --------\n"
          "placeholder    l_x_    L_x_                      ()           {}\n"
          "call_function  y       <built-in function mul>   (l_x_, 3)    {}\n"
          "call_function  relu    <built-in function relu>  (y,)         {}\n"
          "call_method    sin     sin                       (l_x_,)      {}\n"
          "call_function  add     <built-in function add>   (relu, sin)  {}\n"
          "output         output  output                    ((add,),)    {}\n"
          "graph():\n"
          "    %l_x_ : torch.Tensor [num_users=2] = placeholder[target=L_x_]\n"
          "    %y : [num_users=1] = call_function[target=operator.mul](args = (%l_x_, 3), kwargs = {})\n"
          "    %relu : [num_users=1] = call_function[target=torch.relu](args = (%y,), kwargs = {})\n"
          "    %sin : [num_users=1] = call_method[target=sin](args = (%l_x_,), kwargs = {})\n"
          "    %add : [num_users=1] = call_function[target=operator.add](args = (%relu, %sin), kwargs = {})\n"
          "    return (add,)\n");
}

TEST_CASE("dynamo: guards decide cache hits, recompile reasons name the failing guard", "[dynamo]") {
    Run r = run(
        "import torch\n"
        "torch._logging.set_logs(recompiles=True)\n"
        "n_graphs = []\n"
        "def be(gm, ex):\n"
        "    n_graphs.append(1)\n"
        "    return gm.forward\n"
        "def f(x, k):\n"
        "    return x * k\n"
        "cf = torch.compile(f, backend=be)\n"
        "cf(torch.ones(3), 2); print(len(n_graphs))\n"
        "cf(torch.ones(3), 2); print(len(n_graphs))\n"
        "cf(torch.ones(4), 2); print(len(n_graphs))\n"
        "cf(torch.ones(4, dtype=torch.float64), 2); print(len(n_graphs))\n"
        "cf(torch.ones(4), 3); print(len(n_graphs))\n"
        "with torch.no_grad():\n"
        "    cf(torch.ones(4), 3)\n"
        "print(len(n_graphs))\n"
        "cf(torch.ones(3), 2); print(len(n_graphs))\n");
    REQUIRE(r.result.ok);
    CHECK(r.out == "1\n1\n2\n3\n4\n5\n5\n");
    CHECK(has(r.err, "Recompiling function f in t.py:7"));
    CHECK(has(r.err, "- 0/0: tensor 'x' size mismatch at index 0. expected 3, actual 4"));
    CHECK(has(r.err, "tensor 'x' dtype mismatch. expected Float, actual Double"));
    CHECK(has(r.err, "- 0/1: k == 2"));
    CHECK(has(r.err, "GLOBAL_STATE changed: grad_mode"));
}

TEST_CASE("dynamo: a print splits the frame, the rest runs in a resume function", "[dynamo]") {
    Run r = run(
        "import torch\n"
        "def f(x):\n"
        "    a = x + 1\n"
        "    print('mid', a.shape)\n"
        "    return a * 2\n"
        "e = torch._dynamo.explain(f)(torch.ones(2))\n"
        "print(e.graph_count, e.graph_break_count, e.op_count)\n"
        "print(e.break_reasons[0].reason.split('\\n')[0], e.break_reasons[0].user_stack[-1].lineno)\n"
        "cf = torch.compile(f, backend='eager')\n"
        "print(torch.equal(cf(torch.ones(2)), f(torch.ones(2))))\n");
    REQUIRE(r.result.ok);
    CHECK(r.out ==
          "mid torch.Size([2])\n2 1 2\nFailed to trace builtin operator 4\nmid torch.Size([2])\nmid torch.Size([2])\nTrue\n");
}

TEST_CASE("dynamo: a data-dependent branch gets one resume function per target", "[dynamo]") {
    Run r = run(
        "import torch\n"
        "torch._logging.set_logs(bytecode=True)\n"
        "def f(x):\n"
        "    y = x * 2\n"
        "    if y.sum() > 0:\n"
        "        return y - 1\n"
        "    return y + 1\n"
        "cf = torch.compile(f, backend='eager')\n"
        "for v in [1.0, -1.0, 2.0]:\n"
        "    x = torch.full((3,), v)\n"
        "    print(torch.equal(cf(x), f(x)))\n");
    REQUIRE(r.result.ok);
    CHECK(r.out == "True\nTrue\nTrue\n");
    CHECK(has(r.err, "POP_JUMP_IF_FALSE"));
    CHECK(has(r.err, "__resume_at_"));
    CHECK(has(r.err, "ORIGINAL BYTECODE torch_dynamo_resume_in_f_at_5"));
}

TEST_CASE("dynamo: a break inside a loop runs the whole frame eagerly", "[dynamo]") {
    Run r = run(
        "import torch\n"
        "def f(x):\n"
        "    for i in range(3):\n"
        "        x = x + i\n"
        "        if i == 1:\n"
        "            torch._dynamo.graph_break()\n"
        "    return x\n"
        "e = torch._dynamo.explain(f)(torch.ones(2))\n"
        "print(e.graph_count, e.graph_break_count, e.op_count)\n"
        "print(torch.compile(f, backend='eager')(torch.ones(2)))\n");
    REQUIRE(r.result.ok);
    CHECK(r.out == "0 -1 0\ntensor([4., 4.])\n");
}

TEST_CASE("dynamo: an autocast block is entered and left by graph nodes, and resumed inside after a break", "[dynamo]") {
    Run r = run(
        "import torch\n"
        "def f(x, w):\n"
        "    with torch.autocast('cpu', dtype=torch.bfloat16):\n"
        "        z = x @ w\n"
        "        print('inside', torch.is_autocast_enabled('cpu'))\n"
        "        z = z @ w.t()\n"
        "    return z, x.sum()\n"
        "x, w = torch.ones(2, 4), torch.ones(4, 3)\n"
        "e = torch._dynamo.explain(f)(x, w)\n"
        "print(e.graph_count, e.graph_break_count, [[op.__name__ for op in ops] for ops in e.ops_per_graph])\n"
        "for b in ('eager', 'aot_eager', 'inductor'):\n"
        "    torch._dynamo.reset()\n"
        "    got, ref = torch.compile(f, backend=b)(x, w), f(x, w)\n"
        "    print(b, got[0].dtype, torch.equal(got[0], ref[0]), torch.is_autocast_enabled('cpu'))\n");
    REQUIRE(r.result.ok);
    CHECK(has(r.out, "2 1 [['_enter_autocast', 'matmul', '_exit_autocast'], ['_enter_autocast', 'matmul', '_exit_autocast']]\n"));
    CHECK(has(r.out, "eager torch.bfloat16 True False\n"));
    CHECK(has(r.out, "aot_eager torch.bfloat16 True False\n"));
    CHECK(has(r.out, "inductor torch.bfloat16 True False\n"));
    CHECK(!has(r.out, "inside False"));
}

TEST_CASE("dynamo: a break inside a try block compiles up to the last checkpoint (step_unsupported)", "[dynamo]") {
    Run r = run(
        "import torch\n"
        "def f(x):\n"
        "    y = x * 2\n"
        "    z = y + 1\n"
        "    try:\n"
        "        print('in try')\n"
        "        z = z.sin()\n"
        "    finally:\n"
        "        z = z + y\n"
        "    return z\n"
        "def g(x):\n"
        "    try:\n"
        "        y = x * 2\n"
        "        torch._dynamo.graph_break()\n"
        "    except ValueError:\n"
        "        y = x\n"
        "    return y\n"
        "e = torch._dynamo.explain(f)(torch.ones(2))\n"
        "print(e.graph_count, e.op_count, e.break_reasons[0].reason, e.break_reasons[0].user_stack[-1].lineno)\n"
        "e = torch._dynamo.explain(g)(torch.ones(2))\n"
        "print(e.graph_count, len(e.break_reasons))\n"
        "cf = torch.compile(f, backend='eager')\n"
        "print(torch.equal(cf(torch.ones(2)), f(torch.ones(2))), torch.equal(cf(torch.ones(2)), f(torch.ones(2))))\n");
    REQUIRE(r.result.ok);
    CHECK(has(r.out, "1 2 step_unsupported 5\n"));
    CHECK(has(r.out, "0 0\n"));
    CHECK(has(r.out, "True True\n"));
}

TEST_CASE("dynamo: fullgraph=True turns the first break into torch._dynamo.exc.Unsupported", "[dynamo]") {
    Run r = run(
        "import torch\n"
        "def f(x):\n"
        "    y = x + 1\n"
        "    if y.sum() > 0:\n"
        "        return y\n"
        "    return -y\n"
        "try:\n"
        "    torch.compile(f, fullgraph=True, backend='eager')(torch.ones(2))\n"
        "except torch._dynamo.exc.Unsupported as e:\n"
        "    lines = str(e).split('\\n')\n"
        "    print(lines[0])\n"
        "    print([l for l in lines if 't.py' in l])\n");
    REQUIRE(r.result.ok);
    CHECK(r.out == "Data-dependent branching\n['   File \"t.py\", line 4, in f']\n");
}

TEST_CASE("dynamo: the recompile limit stops compiling and warns once", "[dynamo]") {
    Run r = run(
        "import torch\n"
        "torch._dynamo.config.cache_size_limit = 2\n"
        "n = []\n"
        "def be(gm, ex):\n"
        "    n.append(1)\n"
        "    return gm.forward\n"
        "def f(x):\n"
        "    return x + 1\n"
        "cf = torch.compile(f, backend=be, dynamic=False)\n"
        "for k in range(1, 6):\n"
        "    same = torch.equal(cf(torch.ones(k)), torch.ones(k) + 1)\n"
        "    print(k, len(n), same)\n"
        "print(torch._dynamo.config.recompile_limit)\n");
    REQUIRE(r.result.ok);
    CHECK(r.out == "1 1 True\n2 2 True\n3 2 True\n4 2 True\n5 2 True\n2\n");
    CHECK(has(r.err, "torch._dynamo hit config.recompile_limit (2)"));
    CHECK(has(r.err, "last reason: 0/1: tensor 'x' size mismatch at index 0. expected 2, actual 3"));
    CHECK(r.err.find("hit config") == r.err.rfind("hit config"));
}

TEST_CASE("dynamo: modules inline, parameters become placeholders, attribute writes are replayed", "[dynamo]") {
    Run r = run(
        "import torch\n"
        "import torch.nn as nn\n"
        "class M(nn.Module):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.fc = nn.Linear(3, 2)\n"
        "        self.calls = 0\n"
        "    def forward(self, x):\n"
        "        self.calls += 1\n"
        "        return helper(self.fc(x))\n"
        "def helper(t):\n"
        "    return t.relu() * 2\n"
        "gms = []\n"
        "def be(gm, ex):\n"
        "    gms.append(gm)\n"
        "    return gm.forward\n"
        "m = M()\n"
        "om = torch.compile(m, backend=be)\n"
        "x = torch.ones(4, 3)\n"
        "with torch.no_grad():\n"
        "    print(torch.allclose(om(x), m(x)), m.calls, type(om).__name__)\n"
        "print([n.target for n in gms[0].graph.nodes if n.op == 'placeholder'])\n"
        "print(gms[0].graph.nodes[3].target.__name__)\n");
    REQUIRE(r.result.ok);
    CHECK(r.out ==
          "True 2 OptimizedModule\n"
          "['L_self_modules_fc_parameters_weight_', 'L_self_modules_fc_parameters_bias_', 'L_x_']\n"
          "linear\n");
}

// A compiled module's graph reads its parameters and buffers through the entry's guard tree, reusing
// the values the guard check read (guards.h read_inputs), and nn.Module attribute reads take a fast
// path (vm/module_attr.h). Neither may hide a change: every change a guard covers recompiles, and a
// change no guard covers (a new Parameter of the same layout, a submodule of the same class, an
// in-place update) is seen by the next call.
TEST_CASE("dynamo: the guard tree and the inputs read through it see every module change", "[dynamo]") {
    Run r = run(
        "import torch\n"
        "import torch.nn as nn\n"
        "class Block(nn.Module):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.fc = nn.Linear(3, 3)\n"
        "        self.bn = nn.BatchNorm1d(3)\n"
        "        self.register_buffer('scale', torch.ones(3))\n"
        "    def forward(self, x):\n"
        "        return self.bn(self.fc(x)).relu() * self.scale\n"
        "class M(nn.Module):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.blocks = nn.Sequential(Block(), Block())\n"
        "        self.head = nn.Linear(3, 2)\n"
        "    def forward(self, x):\n"
        "        return self.head(self.blocks(x))\n"
        "gms = []\n"
        "def be(gm, ex):\n"
        "    gms.append(gm)\n"
        "    return gm.forward\n"
        "torch.manual_seed(0)\n"
        "m = M().eval()\n"
        "om = torch.compile(m, backend=be)\n"
        "x = torch.randn(4, 3)\n"
        "def step(what):\n"
        "    with torch.no_grad():\n"
        "        print(what, torch.equal(om(x), m(x)), len(gms))\n"
        "torch._logging.set_logs(recompiles=True)\n"
        "step('first')\n"
        "step('again')\n"
        "with torch.no_grad():\n"
        "    m.blocks[1].fc.weight.mul_(2)\n"
        "step('in-place update')\n"
        "m.blocks[0].fc.weight = nn.Parameter(torch.randn(3, 3))\n"
        "step('new parameter, same layout')\n"
        "m.head.weight = nn.Parameter(torch.randn(3, 2).t())\n"
        "step('new parameter, other strides')\n"
        "m.blocks[1] = Block().eval()\n"
        "step('submodule of the same class')\n"
        "m.blocks[0].bn = nn.LayerNorm(3)\n"
        "step('submodule of another class')\n"
        "m.head.bias.requires_grad_(False)\n"
        "step('requires_grad')\n"
        "m.blocks[1].scale = torch.full((1, 3), 2.0)\n"
        "step('buffer shape')\n"
        "m.blocks[1].bn.running_var = torch.ones(3, 2)[:, 0]\n"
        "step('buffer strides')\n"
        "m.blocks[1].bn.eps = 0.5\n"
        "step('module attribute')\n"
        "del m.blocks[1].scale\n"
        "try:\n"
        "    step('buffer deleted')\n"
        "except Exception as e:\n"
        "    print('buffer deleted', type(e).__name__)\n");
    REQUIRE(r.result.ok);
    INFO(r.err);
    CHECK(r.out ==
          "first True 1\n"
          "again True 1\n"
          "in-place update True 1\n"
          "new parameter, same layout True 1\n"
          "new parameter, other strides True 2\n"
          "submodule of the same class True 2\n"
          "submodule of another class True 3\n"
          "requires_grad True 4\n"
          "buffer shape True 5\n"
          "buffer strides True 6\n"
          "module attribute True 7\n"
          "buffer deleted AttributeError\n");
    CHECK(has(r.err, "- 0/0: tensor 'self.head.weight' stride mismatch at index 0. expected 3, actual 1"));
    CHECK(has(r.err, "- 0/1: ___check_type_id(self.blocks.0.bn, <class 'torch.nn.modules.batchnorm.BatchNorm1d'>)"));
    CHECK(has(r.err, "- 0/2: tensor 'self.head.bias' requires_grad mismatch. expected requires_grad=1"));
    CHECK(has(r.err, "- 0/3: tensor 'self.blocks.1.scale' rank mismatch. expected 1, actual 2"));
    CHECK(has(r.err, "- 0/4: tensor 'self.blocks.1.bn.running_var' stride mismatch at index 0. expected 1, actual 2"));
    CHECK(has(r.err, "- 1/0: ___check_type_id(self.bn, <class 'torch.nn.modules.normalization.LayerNorm'>)"));
}

TEST_CASE("dynamo: no_grad inside the graph sets grad mode around its ops", "[dynamo]") {
    Run r = run(
        "import torch\n"
        "gms = []\n"
        "def be(gm, ex):\n"
        "    gms.append(gm)\n"
        "    return gm.forward\n"
        "def f(x):\n"
        "    with torch.no_grad():\n"
        "        y = x * 2\n"
        "    return y + x\n"
        "x = torch.ones(2, requires_grad=True)\n"
        "out = torch.compile(f, backend=be)(x)\n"
        "print(out.requires_grad, torch.is_grad_enabled())\n"
        "print([n.name for n in gms[0].graph.nodes])\n");
    REQUIRE(r.result.ok);
    CHECK(r.out == "True True\n['l_x_', '_set_grad_enabled', 'y', '_set_grad_enabled_1', 'add', 'output']\n");
}

TEST_CASE("dynamo: bad configurations are clear errors", "[dynamo]") {
    Run r = run(
        "import torch\n"
        "try:\n"
        "    torch.compile(lambda x: x, backend='nope')\n"
        "except RuntimeError as e:\n"
        "    print(e)\n"
        "def bad(gm, ex):\n"
        "    return 3\n"
        "try:\n"
        "    torch.compile(lambda x: x + 1, backend=bad)(torch.ones(1))\n"
        "except TypeError as e:\n"
        "    print(e)\n");
    REQUIRE(r.result.ok);
    CHECK(r.out ==
          "Invalid backend: 'nope', see `torch._dynamo.list_backends()` for available backends.\n"
          "the compiler backend must return a callable\n");
}

TEST_CASE("dynamo: guards printout (TORCH_LOGS=guards)", "[dynamo]") {
    Run r = run(
        "import torch\n"
        "torch._logging.set_logs(guards=True)\n"
        "def f(x, n):\n"
        "    return x * n\n"
        "torch.compile(f, backend='eager')(torch.ones(3), 2)\n");
    REQUIRE(r.result.ok);
    CHECK(has(r.err,
              "TREE_GUARD_MANAGER:\n+- RootGuardManager\n"
              "| +- GLOBAL_STATE: ___check_global_state() against {\"grad_mode\":true,\"default_dtype\":\"torch.float32\"}\n"
              "| +- GuardManager: source=L['n']\n"
              "| | +- EQUALS_MATCH: L['n'] == 2  # return x * n  # t.py:4 in f\n"
              "| +- GuardManager: source=L['x']\n"
              "| | +- TENSOR_MATCH: check_tensor(L['x'], Tensor, DispatchKeySet(CPU, BackendSelect, ADInplaceOrView, "
              "AutogradCPU), torch.float32, device=None, requires_grad=False, size=[3], stride=[1])  # return x * n  # "
              "t.py:4 in f\n"));
}

TEST_CASE("dynamo: generators called in a traced frame are inlined, generator frames run eagerly", "[dynamo]") {
    Run r = run(
        "import torch\n"
        "gms = []\n"
        "def be(gm, example_inputs):\n"
        "    gms.append(gm)\n"
        "    return gm.forward\n"
        "def scaled(x, n):\n"
        "    for k in range(n):\n"
        "        yield x * (k + 1)\n"
        "def f(x, ws):\n"
        "    s = sum(w * x for w in ws)\n"
        "    t = tuple(v.relu() for v in scaled(x, 2))\n"
        "    for y in scaled(x, 1):\n"
        "        s = s + y\n"
        "    return s + t[0] + t[1]\n"
        "x = torch.tensor([1.0, -2.0])\n"
        "ws = [torch.tensor([1.0, 2.0]), torch.tensor([3.0, 4.0])]\n"
        "cf = torch.compile(f, backend=be)\n"
        "print(torch.equal(cf(x, ws), f(x, ws)), len(gms))\n"
        "print([(n.name, n.args) for n in gms[0].graph.nodes if n.op == 'call_function'][:4])\n"
        "cg = torch.compile(scaled, backend=be)\n"
        "print(type(cg(x, 2)).__name__, [v.tolist() for v in cg(x, 2)], len(gms))\n");
    REQUIRE(r.result.ok);
    CHECK(r.out ==
          "True 1\n"
          "[('mul', (l_ws_0_, l_x_)), ('mul_1', (l_ws_1_, l_x_)), ('add', (0, mul)), ('s', (add, mul_1))]\n"
          "generator [[1.0, -2.0], [2.0, -4.0]] 1\n");
}

TEST_CASE("dynamo: type(x) and dict(...)/dict.update of tracked values fold into one graph, an input's class is guarded", "[dynamo]") {
    Run r = run(R"PY(
import torch
import torch.nn as nn
compiles = []
def counting(gm, inputs):
    compiles.append(1)
    return gm.forward
def f(x, lst, d, **kw):
    opts = dict(d, scale=2.0)
    opts.update(kw)
    both = dict([("a", x), ("b", lst[0])])
    y = x * opts["scale"] + both["b"]
    if type(x) is torch.Tensor and type(lst) is list and type(d) is dict and type(opts["shift"]) is float:
        y = y + opts["shift"]
    return y, type(x).__name__, type(y).__name__, type(lst[0]).__name__
e = torch._dynamo.explain(f)(torch.ones(2), [3], {"k": 1}, shift=0.5)
print(e.graph_count, e.graph_break_count)
cf = torch.compile(f, backend=counting)
print(cf(torch.ones(2), [3], {"k": 1}, shift=0.5)[0].tolist(), len(compiles))
out = cf(nn.Parameter(torch.ones(2)), [3], {"k": 1}, shift=0.5)
print(out[1:], len(compiles))
print(cf(torch.ones(2), [3], {"k": 1}, shift=0.5)[1:], len(compiles))
)PY");
    INFO(r.out << r.err << r.result.error_message);
    REQUIRE(r.result.ok);
    CHECK(r.out == "1 0\n[5.5, 5.5] 1\n('Parameter', 'Tensor', 'int') 2\n('Tensor', 'Tensor', 'int') 2\n");
}

TEST_CASE("dynamo: size symbols are named from their source as PyTorch's ShapeEnv names them", "[dynamo]") {
    // sha256 of the source's name modulo 100 (L['x'].size()[0] is s77), the next free id where it
    // is taken; duck sizing still shares one symbol between equal sizes.
    std::string out = kiln::testing::program_output(R"PY(
import torch
gms = []
def be(gm, ins):
    gms.append(gm)
    return gm.forward
f = torch.compile(lambda x, y: x * 2 + y.sum(), backend=be, dynamic=True)
f(torch.randn(3, 4), torch.randn(5))
f2 = torch.compile(lambda x, y: x + y, backend=be, dynamic=True)
f2(torch.randn(6), torch.randn(6))
print([n.name for n in gms[0].graph.nodes if n.op == "placeholder"])
print([n.name for n in gms[1].graph.nodes if n.op == "placeholder"])
)PY");
    CHECK(out == "['s77', 's27', 'l_x_', 's17', 'l_y_']\n['s77', 'l_x_', 'l_y_']\n");
}

TEST_CASE("dynamo: which ints become automatic-dynamic follows is_int_specialization_case", "[dynamo]") {
    // A plain object's int attribute and a local list's item become SymInt placeholders on the
    // recompile that sees them change; an nn.Module's int attribute (and a plain object it holds)
    // stays a constant, recompiling per value; a tensor argument that turns into an int is dynamic
    // at once, and float() of it is torch.sym_float in the graph.
    Run r = run(
        "import torch\n"
        "gms = []\n"
        "def be(gm, example_inputs):\n"
        "    gms.append([n.name for n in gm.graph.nodes if n.op == 'placeholder'])\n"
        "    return gm.forward\n"
        "class Cfg:\n"
        "    def __init__(self, w):\n"
        "        self.w = w\n"
        "def f(x, cfg, ks):\n"
        "    return x * cfg.w + ks[0]\n"
        "cf = torch.compile(f, backend=be)\n"
        "x = torch.ones(2)\n"
        "for w in [2, 3, 4]:\n"
        "    assert torch.equal(cf(x, Cfg(w), [w]), f(x, Cfg(w), [w]))\n"
        "print(len(gms), gms[-1])\n"
        "class M(torch.nn.Module):\n"
        "    def __init__(self, k):\n"
        "        super().__init__()\n"
        "        self.k = k\n"
        "        self.cfg = Cfg(k)\n"
        "    def forward(self, x):\n"
        "        return x * self.k + self.cfg.w\n"
        "gms.clear()\n"
        "m = M(2)\n"
        "cm = torch.compile(m, backend=be)\n"
        "for k in [2, 3, 4]:\n"
        "    m.k = k\n"
        "    m.cfg.w = k\n"
        "    assert torch.equal(cm(x), m(x))\n"
        "print(len(gms), gms[-1])\n"
        "gms.clear()\n"
        "def g(v):\n"
        "    if isinstance(v, torch.Tensor):\n"
        "        return v + 1\n"
        "    return torch.full((2,), float(v))\n"
        "cg = torch.compile(g, backend=be)\n"
        "cg(x)\n"
        "print(cg(3).tolist(), gms[-1])\n");
    REQUIRE(r.result.ok);
    CHECK(r.out ==
          "2 ['l_x_', 'l_cfg_w', 'l_ks_0_']\n"
          "3 ['l_x_']\n"
          "[3.0, 3.0] ['l_v_']\n");
}

TEST_CASE("dynamo: MultiheadAttention off its fast path is one multi_head_attention_forward node", "[dynamo]") {
    // PyTorch inlines MultiheadAttention.forward: batch-first inputs are transposed (once for
    // self-attention), F.multi_head_attention_forward stays in the graph as itself (trace_rules),
    // the output is transposed back; results and gradients match eager through AOT autograd.
    Run r = run(
        "import torch\n"
        "import torch._dynamo as dynamo\n"
        "torch.manual_seed(0)\n"
        "m = torch.nn.MultiheadAttention(8, 2, batch_first=True)\n"
        "def f(x):\n"
        "    return m(x, x, x, need_weights=False)[0]\n"
        "x = torch.randn(2, 3, 8)\n"
        "ex = dynamo.explain(f)(x)\n"
        "print([getattr(o, '__name__', o) for o in ex.ops_per_graph[0]])\n"
        "print([n.target for n in ex.graphs[0].graph.nodes if n.op == 'call_method'])\n"
        "dynamo.reset()\n"
        "out = torch.compile(f, backend='aot_eager')(x)\n"
        "out.sum().backward()\n"
        "g = m.in_proj_weight.grad.clone()\n"
        "m.zero_grad()\n"
        "f(x).sum().backward()\n"
        "print(torch.allclose(out, f(x), atol=1e-6), torch.allclose(g, m.in_proj_weight.grad, atol=1e-6))\n");
    REQUIRE(r.result.ok);
    CHECK(r.out ==
          "['multi_head_attention_forward', 'getitem']\n"
          "['transpose', 'transpose']\n"
          "True True\n");
}

TEST_CASE("dynamo: MultiheadAttention under Dynamo takes the reference path, fast-path checks or not", "[dynamo]") {
    // In eval mode with no gradient wanted, PyTorch's forward passes its fast-path checks, but its
    // tensor-argument check never passes on traced tensors: PyTorch 2.11's graphs hold the
    // transposes around one F.multi_head_attention_forward node (mha_fast_path_graph's golden);
    // None weights take no getitem.
    Run r = run(
        "import torch\n"
        "import torch._dynamo as dynamo\n"
        "torch.manual_seed(0)\n"
        "m = torch.nn.MultiheadAttention(8, 2, batch_first=True).eval()\n"
        "nb = torch.nn.MultiheadAttention(8, 2, batch_first=True, bias=False).eval()\n"
        "def f(x):\n"
        "    return m(x, x, x)\n"
        "def g(x):\n"
        "    return m(x, x, x, need_weights=False)[0]\n"
        "def h(x):\n"
        "    return nb(x, x, x, need_weights=False)[0]\n"
        "x = torch.randn(2, 3, 8)\n"
        "with torch.no_grad():\n"
        "    for fn in (f, g, h):\n"
        "        dynamo.reset()\n"
        "        ex = dynamo.explain(fn)(x)\n"
        "        print([getattr(o, '__name__', o) for o in ex.ops_per_graph[0]],\n"
        "              [n.target for n in ex.graphs[0].graph.nodes if n.op == 'call_method'])\n"
        "    dynamo.reset()\n"
        "    torch.backends.mha.set_fastpath_enabled(False)\n"
        "    ex = dynamo.explain(g)(x)\n"
        "    print([getattr(o, '__name__', o) for o in ex.ops_per_graph[0]])\n"
        "    torch.backends.mha.set_fastpath_enabled(True)\n"
        "    dynamo.reset()\n"
        "    out, w = torch.compile(f, backend='aot_eager')(x)\n"
        "    ref, rw = f(x)\n"
        "    print(torch.allclose(out, ref, atol=1e-5), torch.allclose(w, rw, atol=1e-6))\n");
    REQUIRE(r.result.ok);
    CHECK(r.out ==
          "['multi_head_attention_forward', 'getitem', 'getitem'] ['transpose', 'transpose']\n"
          "['multi_head_attention_forward', 'getitem'] ['transpose', 'transpose']\n"
          "['multi_head_attention_forward', 'getitem'] ['transpose', 'transpose']\n"
          "['multi_head_attention_forward', 'getitem']\n"
          "True True\n");
}

TEST_CASE("dynamo: an input's strides on size-1 dims are guarded as the input has them", "[dynamo]") {
    // A (1, 4) tensor made by a transpose has strides (1, 1) (a Linear weight's gradient): the
    // guard must hold the input's own strides, not those of the contiguous copy the translator
    // works on, or every call recompiles (once per optimizer step for compiled SGD).
    Run r = run(
        "import torch\n"
        "n = []\n"
        "def be(gm, example_inputs):\n"
        "    n.append(example_inputs[0].stride())\n"
        "    return gm.forward\n"
        "def f(g):\n"
        "    return g * 2\n"
        "cf = torch.compile(f, backend=be)\n"
        "for i in range(3):\n"
        "    g = torch.arange(4.0).reshape(4, 1).t()\n"
        "    assert torch.equal(cf(g), f(g))\n"
        "print(len(n), n[0])\n"
        "m = torch.nn.Linear(4, 1)\n"
        "opt = torch.optim.SGD(m.parameters(), lr=0.1)\n"
        "step = torch.compile(opt.step, backend=be)\n"
        "n.clear()\n"
        "for i in range(3):\n"
        "    opt.zero_grad()\n"
        "    m(torch.ones(2, 4)).sum().backward()\n"
        "    step()\n"
        "print(len(n))\n");
    REQUIRE(r.result.ok);
    CHECK(r.out == "1 (1, 1)\n1\n");
}

TEST_CASE("dynamo: torch.nn.functional functions PyTorch lists as in-graph stay one node", "[dynamo]") {
    // trace_rules' torch_non_c_binding_in_graph_functions: Kiln's Python forms of F.celu,
    // F.interpolate, F.normalize are recorded as themselves (PyTorch's explain counts one op each),
    // and the back ends still differentiate through them.
    Run r = run(
        "import torch\n"
        "import torch.nn.functional as F\n"
        "x = torch.randn(1, 2, 4, 4, requires_grad=True)\n"
        "def f(x):\n"
        "    return F.normalize(F.interpolate(F.celu(x), scale_factor=2), dim=1).sum()\n"
        "ex = torch._dynamo.explain(f)(x)\n"
        "print([getattr(o, '__name__', o) for o in ex.ops_per_graph[0]])\n"
        "torch._dynamo.reset()\n"
        "(g,) = torch.autograd.grad(torch.compile(f, backend='aot_eager')(x), [x])\n"
        "(ge,) = torch.autograd.grad(f(x), [x])\n"
        "print(torch.allclose(g, ge, atol=1e-6))\n");
    REQUIRE(r.result.ok);
    CHECK(r.out == "['celu', 'interpolate', 'normalize']\nTrue\n");
}
