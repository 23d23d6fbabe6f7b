// Gaps that running unseen public programs in Kiln showed (tests/realworld/GAPS.md, probe 12: TD3,
// pytorch-a2c-ppo-acktr-gail, DiT, gpt-fast, llama3, gemma_pytorch, mistral-src, loralib), end to end
// through the interpreter. Each case prints what PyTorch 2.11 / CPython 3.12 print for the same lines
// (their documented behaviour), so each would fail on the engine before its fix.
#include <catch2/catch.hpp>

#include <string>

#include "support/program.h"

namespace {

// stdout of a program that must succeed.
std::string out_of(const std::string& src) { return kiln::testing::source_output(src); }

}  // namespace

TEST_CASE("probe 12: isinstance of the legacy tensor types decides by dtype and device", "[bindings]") {
    // a2c_ppo_acktr/envs.py's VecPyTorch.step_async: `if isinstance(actions, torch.LongTensor):
    // actions = actions.squeeze(1)`; without it every CartPole action reached the env as a 1-element
    // array. PyTorch's metaclass torch.tensortype compares the tensor's dispatch key (CPU) and dtype.
    CHECK(out_of("import torch\n"
                 "a = torch.zeros(2, 1, dtype=torch.long)\n"
                 "print(isinstance(a, torch.LongTensor), isinstance(a, torch.FloatTensor), isinstance(a, torch.IntTensor))\n"
                 "print(isinstance(a.float(), torch.FloatTensor), isinstance(a.double(), torch.DoubleTensor))\n"
                 "print(isinstance(torch.nn.Parameter(torch.ones(1)), torch.FloatTensor))\n"
                 "print(isinstance(3, torch.LongTensor), isinstance([1], torch.LongTensor))\n"
                 "print(isinstance(a > 0, torch.BoolTensor), isinstance(a.byte(), (torch.IntTensor, torch.ByteTensor)))\n"
                 "print(isinstance(torch.empty(2, device='meta'), torch.FloatTensor))\n"
                 "print(type(torch.LongTensor), isinstance(torch.LongTensor, type))\n"
                 "print(torch.LongTensor([1, 2]))\n") ==
          "True False False\n"
          "True True\n"
          "True\n"
          "False False\n"
          "True True\n"
          "False\n"
          "<class 'torch.tensortype'> True\n"
          "tensor([1, 2])\n");
}

TEST_CASE("probe 12: import torch._dynamo.config and torch._functorch.config", "[bindings]") {
    // gpt-fast's generate.py starts with `import torch._dynamo.config` (before anything else touches
    // torch._dynamo) and sets torch._functorch.config.enable_autograd_cache.
    CHECK(out_of("import torch._dynamo.config\n"
                 "import torch._inductor.config\n"
                 "import torch._functorch.config\n"
                 "torch._dynamo.config.cache_size_limit = 16\n"
                 "print(torch._dynamo.config.recompile_limit)\n"
                 "from torch._dynamo import config\n"
                 "print(config is torch._dynamo.config)\n"
                 "import sys\n"
                 "print(sys.modules['torch._dynamo.config'] is config)\n"
                 "torch._functorch.config.enable_autograd_cache = True\n"
                 "print(torch._functorch.config.enable_autograd_cache, torch._functorch.config.activation_memory_budget)\n") ==
          "16\nTrue\nTrue\nTrue 1.0\n");
}

TEST_CASE("probe 12: os.uname() is a posix.uname_result", "[bindings]") {
    // gpt-fast's tp.py: `if os.uname().sysname != "Darwin": from torch.distributed import
    // _functional_collectives as funcol`.
    std::string out = out_of("import os\n"
                             "u = os.uname()\n"
                             "print(type(u).__name__, len(u), u.sysname == u[0], isinstance(u, tuple))\n"
                             "print(u.sysname in ('Linux', 'Darwin', 'Emscripten'), type(u.nodename).__name__, type(u.machine).__name__)\n"
                             "try:\n"
                             "    os.uname(1)\n"
                             "except TypeError as e:\n"
                             "    print(e)\n");
    CHECK(out ==
          "uname_result 5 True True\n"
          "True str str\n"
          "posix.uname() takes no arguments (1 given)\n");
}

TEST_CASE("probe 12: torch.distributed._functional_collectives for a group of one", "[bindings]") {
    CHECK(out_of("import os, torch\n"
                 "import torch.distributed as dist\n"
                 "from torch.distributed import _functional_collectives as funcol\n"
                 "x = torch.arange(4.)\n"
                 "try:\n"
                 "    funcol.all_reduce(x, 'sum', None)\n"
                 "except ValueError as e:\n"
                 "    print(e)\n"
                 "os.environ['MASTER_ADDR'] = 'localhost'; os.environ['MASTER_PORT'] = '29500'\n"
                 "dist.init_process_group('gloo', rank=0, world_size=1)\n"
                 "y = funcol.all_reduce(x, 'sum', dist.group.WORLD)\n"
                 "print(y, y is x, funcol.wait_tensor(y) is y)\n"
                 "print(funcol.all_gather_tensor(x, 0, dist.group.WORLD))\n"
                 "print(funcol.reduce_scatter_tensor(x, 'avg', 0, dist.group.WORLD))\n"
                 "dist.destroy_process_group()\n") ==
          "Default process group has not been initialized, please make sure to call init_process_group.\n"
          "tensor([0., 1., 2., 3.]) False True\n"
          "tensor([0., 1., 2., 3.])\n"
          "tensor([0., 1., 2., 3.])\n");
}

TEST_CASE("probe 12: reset_parameters of Embedding, LayerNorm and GroupNorm on the class", "[bindings]") {
    // loralib's layers.py: `nn.Embedding.reset_parameters(self)` inside lora.Embedding.reset_parameters.
    CHECK(out_of("import torch, torch.nn as nn\n"
                 "e = nn.Embedding(5, 3, padding_idx=1)\n"
                 "with torch.no_grad():\n"
                 "    e.weight.fill_(7.)\n"
                 "nn.Embedding.reset_parameters(e)\n"
                 "print(e.weight[1].tolist(), bool((e.weight[0] != 7.).all()), e.weight.requires_grad)\n"
                 "ln = nn.LayerNorm(3)\n"
                 "with torch.no_grad():\n"
                 "    ln.weight.fill_(2.); ln.bias.fill_(2.)\n"
                 "ln.reset_parameters()\n"
                 "print(ln.weight.tolist(), ln.bias.tolist())\n"
                 "nn.LayerNorm(3, elementwise_affine=False).reset_parameters()\n"
                 "gn = nn.GroupNorm(1, 2)\n"
                 "with torch.no_grad():\n"
                 "    gn.weight.zero_()\n"
                 "nn.GroupNorm.reset_parameters(gn)\n"
                 "print(gn.weight.tolist(), gn.bias.tolist())\n") ==
          "[0.0, 0.0, 0.0] True True\n"
          "[1.0, 1.0, 1.0] [0.0, 0.0, 0.0]\n"
          "[1.0, 1.0] [0.0, 0.0]\n");
}

TEST_CASE("probe 12: deepcopy of a built-in layer subclass keeps the children the program added", "[bindings]") {
    // loralib's MergedLinear (nn.Linear + a Dropout child) inside GPT-2 blocks copied with
    // `nn.ModuleList([copy.deepcopy(block) for _ in range(n_layer)])`.
    CHECK(out_of("import copy, torch, torch.nn as nn\n"
                 "class L(nn.Linear):\n"
                 "    def __init__(self):\n"
                 "        nn.Linear.__init__(self, 4, 2)\n"
                 "        self.drop = nn.Dropout(0.25)\n"
                 "        self.lora_A = nn.Parameter(torch.ones(1, 4))\n"
                 "        self.scale = 3\n"
                 "m = L()\n"
                 "c = copy.deepcopy(m)\n"
                 "print(list(c._modules), c.drop, c.drop is m.drop, c.scale)\n"
                 "print([n for n, _ in c.named_parameters()], torch.equal(c.weight, m.weight), c.weight is m.weight)\n"
                 "e = nn.Embedding(3, 2)\n"
                 "e.extra = nn.Identity()\n"
                 "print(list(copy.deepcopy(e)._modules))\n") ==
          "['drop'] Dropout(p=0.25, inplace=False) False 3\n"
          "['weight', 'bias', 'lora_A'] True False\n"
          "['extra']\n");
}

TEST_CASE("probe 12: Dynamo traces map() over tensors and repeat_interleave with int repeats", "[bindings]") {
    // gpt-fast's Attention.forward under torch.compile(fullgraph=True): `q, k, v = map(lambda x:
    // x.transpose(1, 2), (q, k, v))` and `k.repeat_interleave(n_head // n_local_heads, dim=1)` are one
    // graph in PyTorch; a tensor of repeats without output_size still has a data-dependent shape.
    CHECK(out_of("import torch\n"
                 "graphs = []\n"
                 "def backend(gm, example_inputs):\n"
                 "    graphs.append(gm)\n"
                 "    return gm.forward\n"
                 "def f(q, k, v):\n"
                 "    q, k, v = map(lambda x: x.transpose(1, 2), (q, k, v))\n"
                 "    k = k.repeat_interleave(2, dim=1)\n"
                 "    v = torch.repeat_interleave(v, 2, dim=1)\n"
                 "    return (q.sum(1, keepdim=True) * k.sum(1, keepdim=True) + v[:, :1]).sum()\n"
                 "x = torch.randn(1, 3, 2, 4)\n"
                 "c = torch.compile(f, backend=backend, fullgraph=True)\n"
                 "print(torch.allclose(c(x, x, x), f(x, x, x)), len(graphs))\n"
                 "it = map(lambda a, b: a + b, (x, x), (x,))\n"
                 "g = torch.compile(lambda t: [y * 2 for y in map(lambda a: a + 1, (t, t))], backend=backend, fullgraph=True)\n"
                 "print(len(g(x)), torch.equal(g(x)[0], (x + 1) * 2), len(graphs))\n"
                 "def h(t, r):\n"
                 "    return t.repeat_interleave(r, dim=0)\n"
                 "try:\n"
                 "    torch.compile(h, backend=backend, fullgraph=True)(x, torch.tensor([1]))\n"
                 "except Exception as e:\n"
                 "    print(type(e).__name__, str(e).splitlines()[0])\n"
                 "print(torch.compile(lambda t, r: t.repeat_interleave(r, dim=0, output_size=2), backend=backend,\n"
                 "                    fullgraph=True)(x, torch.tensor([2])).shape)\n") ==
          "True 1\n"
          "2 True 2\n"
          "Unsupported Dynamic shape operator\n"
          "torch.Size([2, 3, 2, 4])\n");
}

TEST_CASE("probe 12: torch.cuda.max_memory_reserved without a GPU in use", "[bindings]") {
    // gpt-fast's generate.py ends with `torch.cuda.max_memory_reserved() / 1e9` after a CPU run:
    // PyTorch answers 0 while CUDA was never initialized.
    CHECK(out_of("import torch\n"
                 "print(torch.cuda.max_memory_reserved(), torch.cuda.max_memory_allocated(), torch.cuda.memory_reserved())\n") ==
          "0 0 0\n");
}

TEST_CASE("probe 12: Module.train/eval call the children's train overrides", "[bindings]") {
    // loralib's layers merge LoRA weights in their train(mode) override, reached through the parent's
    // model.eval(); PyTorch's Module.train calls `module.train(mode)` on every child.
    CHECK(out_of("import torch.nn as nn\n"
                 "class L(nn.Linear):\n"
                 "    def train(self, mode=True):\n"
                 "        print('L.train', mode)\n"
                 "        return nn.Linear.train(self, mode)\n"
                 "class Q(nn.Module):\n"
                 "    def __init__(self):\n"
                 "        super().__init__()\n"
                 "        self.inner = nn.Sequential(L(2, 2), nn.Dropout())\n"
                 "    def train(self, mode=True):\n"
                 "        print('Q.train', mode)\n"
                 "        return super().train(mode)\n"
                 "class P(nn.Module):\n"
                 "    def __init__(self):\n"
                 "        super().__init__()\n"
                 "        self.a = L(2, 2)\n"
                 "        self.b = Q()\n"
                 "p = P()\n"
                 "print(p.eval() is p, p.training, p.b.inner[1].training)\n"
                 "p.train()\n"
                 "print(p.a.training, p.b.inner[0].training)\n"
                 "try:\n"
                 "    p.train(1)\n"
                 "except ValueError as e:\n"
                 "    print(e)\n") ==
          "L.train False\nQ.train False\nL.train False\nTrue False False\n"
          "L.train True\nQ.train True\nL.train True\nTrue True\n"
          "training mode is expected to be boolean\n");
}

TEST_CASE("probe 12: in-place random draws compile through the aten graph", "[bindings]") {
    // gpt-fast's sampler `torch.empty_like(probs).exponential_(1)` under torch.compile: aten::exponential_
    // and aten::uniform_ (functionalized to aten::exponential / aten::uniform) keep the graph on the
    // compiled path, drawing in eager's order, with gradients through the rest of the graph.
    auto r = kiln::testing::run_program(
        "import torch\n"
        "def f(x, w):\n"
        "    y = x @ w\n"
        "    q = torch.empty_like(y).exponential_(2.0)\n"
        "    u = torch.empty_like(y).uniform_(-1, 1)\n"
        "    return (y / q + u).sum()\n"
        "x = torch.rand(3, 4)\n"
        "w = torch.randn(4, 5, requires_grad=True)\n"
        "torch.manual_seed(0)\n"
        "a = torch.compile(f)(x, w)\n"
        "a.backward()\n"
        "ga = w.grad.clone()\n"
        "w.grad = None\n"
        "torch.manual_seed(0)\n"
        "b = f(x, w)\n"
        "b.backward()\n"
        "print(torch.allclose(a, b), torch.allclose(ga, w.grad))\n");
    INFO(r.out << r.err << r.result.error_message);
    REQUIRE(r.result.ok);
    CHECK(r.out == "True True\n");
    CHECK(r.err.find("FX graph interpreter") == std::string::npos);
    // timm's drop_path (`x.new_empty(shape).bernoulli_(keep_prob)`) and normal_ noise, with the new_*
    // factories taking self's dtype and device.
    auto d = kiln::testing::run_program(
        "import torch, torch.nn as nn\n"
        "def drop_path(x, drop_prob=0., training=False):\n"
        "    keep_prob = 1 - drop_prob\n"
        "    shape = (x.shape[0],) + (1,) * (x.ndim - 1)\n"
        "    random_tensor = x.new_empty(shape).bernoulli_(keep_prob)\n"
        "    random_tensor.div_(keep_prob)\n"
        "    return x * random_tensor\n"
        "class Block(nn.Module):\n"
        "    def __init__(self):\n"
        "        super().__init__()\n"
        "        self.fc = nn.Linear(6, 6)\n"
        "    def forward(self, x):\n"
        "        noise = torch.empty_like(x).normal_(0, 0.1)\n"
        "        z = x.new_zeros(2, 6) + x.new_ones(6) + x.new_full((6,), 0.5)\n"
        "        return x + drop_path(self.fc(x + noise), 0.5, self.training) + z.sum() * 0\n"
        "m = Block()\n"
        "x = torch.randn(8, 6).double()\n"
        "m.double()\n"
        "torch.manual_seed(0)\n"
        "a = torch.compile(m)(x)\n"
        "a.sum().backward()\n"
        "g = m.fc.weight.grad.clone()\n"
        "m.fc.weight.grad = None\n"
        "torch.manual_seed(0)\n"
        "b = m(x)\n"
        "b.sum().backward()\n"
        "print(a.dtype, torch.allclose(a, b), torch.allclose(g, m.fc.weight.grad))\n");
    INFO(d.out << d.err << d.result.error_message);
    REQUIRE(d.result.ok);
    CHECK(d.out == "torch.float64 True True\n");
    CHECK(d.err.find("FX graph interpreter") == std::string::npos);
}

TEST_CASE("probe 12: legacy size_average/reduce arguments warn as PyTorch's legacy_get_string", "[bindings]") {
    auto r = kiln::testing::run_program(
        "import torch, torch.nn as nn, torch.nn.functional as F\n"
        "l = nn.CrossEntropyLoss(ignore_index=-1, reduce=False)\n"
        "print(l.reduction, nn.MSELoss(size_average=False).reduction)\n"
        "x = torch.tensor([[1.0, 2.0], [0.5, 0.1]])\n"
        "print(F.mse_loss(x, torch.zeros(2, 2), size_average=False, reduce=True))\n");
    INFO(r.out << r.err << r.result.error_message);
    REQUIRE(r.result.ok);
    CHECK(r.out == "none sum\ntensor(5.2600)\n");
    CHECK(r.err.find("UserWarning: size_average and reduce args will be deprecated, please use reduction='none' instead.") !=
          std::string::npos);
    CHECK(r.err.find("please use reduction='sum' instead.") != std::string::npos);
}

TEST_CASE("trace: *_like factories record pin_memory=False, as Python's binding passes it", "[jit][trace]") {
    // PyTorch's Python signature of every factory taking TensorOptions (zeros_like ... full_like)
    // defaults `bool? pin_memory=False` and builds the options with that False, so the traced
    // aten::*_like node reads a `bool` False there while dtype, layout, device and memory_format
    // stay None.
    auto r = kiln::testing::run_program(
        "import torch\n"
        "def f(x):\n"
        "    return torch.zeros_like(x) + torch.full_like(x, 2.0)\n"
        "g = torch.jit.trace(f, (torch.ones(2),), check_trace=False).graph\n"
        "print('\\n'.join(l.split(' # ')[0] for l in str(g).split('\\n')[1:14]))\n");
    INFO(r.out << r.err << r.result.error_message);
    REQUIRE(r.result.ok);
    CHECK(r.out ==
          "  %1 : NoneType = prim::Constant()\n"
          "  %2 : NoneType = prim::Constant()\n"
          "  %3 : NoneType = prim::Constant()\n"
          "  %4 : bool = prim::Constant[value=0]()\n"
          "  %5 : NoneType = prim::Constant()\n"
          "  %6 : Float(2, strides=[1], requires_grad=0, device=cpu) = aten::zeros_like(%x, %1, %2, %3, %4, %5)\n"
          "  %7 : float = prim::Constant[value=2.]()\n"
          "  %8 : NoneType = prim::Constant()\n"
          "  %9 : NoneType = prim::Constant()\n"
          "  %10 : NoneType = prim::Constant()\n"
          "  %11 : bool = prim::Constant[value=0]()\n"
          "  %12 : NoneType = prim::Constant()\n"
          "  %13 : Float(2, strides=[1], requires_grad=0, device=cpu) = aten::full_like(%x, %7, %8, %9, %10, %11, %12)\n");
}
