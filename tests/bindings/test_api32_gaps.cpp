// The torch API real programs call around optimizers and inference (issue 28, branch api32), end
// to end through the interpreter: subclasses of torch.optim's built-in optimizers (super().__init__,
// super().step(), a step rewritten over self.state and that state's state_dict/load_state_dict),
// optimizer step and state-dict hooks, inference tensors, and the pinned/shared memory marks.
// Each expectation is PyTorch 2.11's documented behaviour for the same lines.
#include <catch2/catch.hpp>

#include <string>

#include "support/program.h"

namespace {

std::string out_of(const std::string& src) { return kiln::testing::source_output(src); }

}  // namespace

TEST_CASE("api32: a subclass of torch.optim.SGD adds group entries and wraps super().step()", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "class Clipped(torch.optim.SGD):\n"
                 "    def __init__(self, params, lr=0.5, clip=0.5):\n"
                 "        super().__init__(params, lr=lr)\n"
                 "        for g in self.param_groups: g['clip'] = clip\n"
                 "    def step(self, closure=None):\n"
                 "        for g in self.param_groups:\n"
                 "            for p in g['params']: p.grad.clamp_(-g['clip'], g['clip'])\n"
                 "        return super().step(closure)\n"
                 "w = torch.nn.Parameter(torch.ones(2))\n"
                 "o = Clipped([w])\n"
                 "w.grad = torch.full((2,), 4.0)\n"
                 "o.step()\n"
                 "print(w.tolist(), type(o).__name__, isinstance(o, torch.optim.SGD), o.param_groups[0]['clip'])\n"
                 "class Plain(torch.optim.Adam): pass\n"
                 "print(type(Plain([w], lr=0.1)).__name__, repr(Plain([w])).split(' (')[0])\n") ==
          "[0.75, 0.75] Clipped True 0.5\nPlain Plain\n");
}

TEST_CASE("api32: a subclass's own step keeps its entries in optimizer.state across steps and state_dict", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "class SGDW(torch.optim.SGD):\n"
                 "    def step(self, closure=None):\n"
                 "        for g in self.param_groups:\n"
                 "            for p in g['params']:\n"
                 "                st = self.state[p]\n"
                 "                if 'buf' not in st:\n"
                 "                    st['buf'] = p.grad.clone(); st['n'] = 0\n"
                 "                else:\n"
                 "                    st['buf'] = st['buf'] * g['momentum'] + p.grad\n"
                 "                st['n'] += 1\n"
                 "                p.data.add_(st['buf'], alpha=-g['lr'])\n"
                 "w = torch.nn.Parameter(torch.zeros(1))\n"
                 "o = SGDW([w], lr=1.0, momentum=0.5)\n"
                 "for _ in range(3):\n"
                 "    w.grad = torch.ones(1); o.step()\n"
                 "sd = o.state_dict()\n"
                 "print(w.item(), o.state[w]['n'], sd['state'][0]['n'], sd['state'][0]['buf'].item())\n"
                 "o2 = SGDW([w], lr=1.0, momentum=0.5)\n"
                 "o2.load_state_dict(sd)\n"
                 "print(o2.state[w]['n'], o2.state[w]['buf'].item())\n") ==
          "-4.25 3 3 1.75\n3 1.75\n");
}

TEST_CASE("api32: optimizer step hooks run around the step, global ones outside the instance's", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "from torch.optim.optimizer import register_optimizer_step_pre_hook\n"
                 "w = torch.nn.Parameter(torch.ones(1)); w.grad = torch.ones(1)\n"
                 "o = torch.optim.SGD([w], lr=0.5)\n"
                 "log = []\n"
                 "h = o.register_step_pre_hook(lambda opt, args, kwargs: log.append(('pre', len(args))))\n"
                 "o.register_step_post_hook(lambda opt, args, kwargs: log.append(('post', w.item())))\n"
                 "g = register_optimizer_step_pre_hook(lambda opt, a, k: log.append('global'))\n"
                 "o.step(); h.remove(); g.remove(); o.step()\n"
                 "print(log)\n"
                 "class Sub(torch.optim.SGD):\n"
                 "    def step(self, closure=None):\n"
                 "        log.append('sub'); return super().step(closure)\n"
                 "log.clear(); s = Sub([w], lr=0.5)\n"
                 "s.register_step_pre_hook(lambda opt, a, k: log.append('hook'))\n"
                 "s.step(); print(log)\n"
                 "o.register_state_dict_post_hook(lambda opt, sd: {**sd, 'x': 1})\n"
                 "print(sorted(o.state_dict()))\n") ==
          "['global', ('pre', 1), ('post', 0.5), ('post', 0.0)]\n['hook', 'sub']\n['param_groups', 'state', 'x']\n");
}

TEST_CASE("api32: inference tensors and the pinned/shared marks", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "x = torch.ones(2)\n"
                 "with torch.inference_mode():\n"
                 "    y = x * 2; v = x[:1]\n"
                 "print(x.is_inference(), y.is_inference(), v.is_inference(), y[1:].is_inference(), y.clone().is_inference())\n"
                 "try:\n"
                 "    y.requires_grad_()\n"
                 "except RuntimeError as e:\n"
                 "    print(e)\n"
                 "print(x.is_shared(), x.share_memory_().is_shared(), x[:1].is_shared(), x.is_pinned())\n") ==
          "False True False True False\n"
          "Setting requires_grad=True on inference tensor outside InferenceMode is not allowed.\n"
          "False True True False\n");
}

TEST_CASE("api32: torch.save's legacy format round trips, and a truncated one is a RuntimeError", "[bindings]") {
    CHECK(out_of("import io, torch\n"
                 "x = torch.arange(6.).reshape(2, 3)\n"
                 "b = io.BytesIO()\n"
                 "torch.save({'x': x, 'row': x[1], 'i': torch.tensor([7])}, b, _use_new_zipfile_serialization=False)\n"
                 "raw = b.getvalue()\n"
                 "print(raw[:4] == b'\\x80\\x02\\x8a\\n')\n"
                 "d = torch.load(io.BytesIO(raw))\n"
                 "d['x'][1, 0] = 9.0\n"
                 "print(d['row'].tolist(), d['i'].dtype)\n"
                 "try:\n"
                 "    torch.load(io.BytesIO(raw[:-5]))\n"
                 "except RuntimeError as e:\n"
                 "    print(str(e).startswith('unexpected EOF'))\n") ==
          "True\n[9.0, 4.0, 5.0] torch.int64\nTrue\n");
}

TEST_CASE("api32: pickle of tensors, Parameters and modules goes through PyTorch's reductions", "[bindings]") {
    CHECK(out_of("import pickle, torch\n"
                 "x = torch.arange(6.).reshape(2, 3)[:, 1:]\n"
                 "y = pickle.loads(pickle.dumps(x))\n"
                 "print(y.tolist(), y.stride(), y.storage_offset())\n"
                 "p = pickle.loads(pickle.dumps(torch.nn.Parameter(torch.ones(1))))\n"
                 "print(type(p).__name__, p.requires_grad)\n"
                 "torch.manual_seed(0)\n"
                 "m = torch.nn.Linear(2, 1)\n"
                 "m2 = pickle.loads(pickle.dumps(m))\n"
                 "print(torch.equal(m2.weight, m.weight), m2.weight.data_ptr() != m.weight.data_ptr())\n"
                 "s = pickle.dumps(torch.ones(1))\n"
                 "print(b'torch._utils' in s and b'_rebuild_tensor_v2' in s and b'_load_from_bytes' in s)\n") ==
          "[[1.0, 2.0], [4.0, 5.0]] (3, 1) 1\nParameter True\nTrue True\nTrue\n");
}

TEST_CASE("api32: Dynamo traces operator's C functions, iter/next and functools.reduce over a shape", "[bindings]") {
    CHECK(out_of("import torch, operator, functools\n"
                 "def f(x, y):\n"
                 "    n = functools.reduce(operator.mul, x.shape)\n"
                 "    z = operator.neg(operator.add(x, y)) * n\n"
                 "    first = next(iter([z, x]))\n"
                 "    return operator.getitem(first, 0), operator.lt(n, 10)\n"
                 "x = torch.ones(2, 3)\n"
                 "print(torch.compile(f, backend='eager', fullgraph=True)(x, x))\n"
                 "print(torch._dynamo.explain(f)(x, x).graph_break_count)\n") ==
          "(tensor([-12., -12., -12.]), True)\n0\n");
}
