// The torch API real programs call (issue 28, branch api33), end to end through the interpreter:
// torch.optim's namespace without its submodules' names (as PyTorch's __init__ deletes them),
// inference tensors refused outside inference mode (in-place updates and saving for backward, with
// PyTorch's messages), optimizer step hooks when the step runs under torch.compile, einsum's
// sublist format, the added torch.distributions families and the smaller modules older programs
// import (torch.utils.model_zoo, torch.nn.utils.stateless, get_total_norm/clip_grads_with_norm_).
// Each expectation is PyTorch 2.11's documented behaviour (or its formula) for the same lines.
#include <catch2/catch.hpp>

#include <string>

#include "support/program.h"

namespace {

std::string out_of(const std::string& src) { return kiln::testing::source_output(src); }

bool has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("api33: torch.optim holds no names of its submodules, which stay importable", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "names = dir(torch.optim)\n"
                 "print([n for n in ['optimizer', 'adam', 'sgd', 'adamw', 'lr_scheduler', 'swa_utils'] if n in names])\n"
                 "print(hasattr(torch.optim, 'optimizer'), hasattr(torch.optim, 'adam'))\n"
                 "import torch.optim.adam\n"
                 "from torch.optim.optimizer import Optimizer, register_optimizer_step_pre_hook\n"
                 "from torch.optim.sgd import SGD\n"
                 "print(hasattr(torch.optim, 'adam'), Optimizer is torch.optim.Optimizer, SGD is torch.optim.SGD)\n"
                 "try:\n"
                 "    torch.optim.optimizer\n"
                 "except AttributeError as e:\n"
                 "    print(e)\n") ==
          "['lr_scheduler', 'swa_utils']\nFalse False\nFalse True True\nmodule 'torch.optim' has no attribute 'optimizer'\n");
}

TEST_CASE("api33: in-place updates of inference tensors outside inference mode raise PyTorch's error", "[bindings]") {
    const std::string msg =
        "Inplace update to inference tensor outside InferenceMode is not allowed.You can make a clone to get a normal "
        "tensor before doing inplace update.See https://github.com/pytorch/rfcs/pull/17 for more details.";
    std::string out = out_of("import torch\n"
                             "with torch.inference_mode():\n"
                             "    t = torch.ones(2, 3)\n"
                             "    v = t[0]\n"
                             "ops = [lambda: t.add_(1), lambda: t.mul_(2), lambda: t.zero_(), lambda: t.fill_(3.0),\n"
                             "       lambda: t.copy_(torch.zeros(2, 3)), lambda: t.clamp_(min=0.5), lambda: t.exp_(),\n"
                             "       lambda: t.__setitem__(0, 5.0), lambda: t.uniform_(), lambda: v.add_(1),\n"
                             "       lambda: t.index_fill_(1, torch.tensor([0]), 1.0)]\n"
                             "for op in ops:\n"
                             "    try:\n"
                             "        op()\n"
                             "        print('allowed')\n"
                             "    except RuntimeError as e:\n"
                             "        print(e)\n"
                             "try:\n"
                             "    t._version\n"
                             "except RuntimeError as e:\n"
                             "    print(e)\n"
                             "with torch.inference_mode():\n"
                             "    t.add_(1)\n"
                             "c = t.clone()\n"
                             "c.add_(1)\n"
                             "print(c.is_inference(), c._version, (t * 2).is_inference())\n");
    std::string expected;
    for (int i = 0; i < 11; ++i) expected += msg + "\n";
    expected += "Inference tensors do not track version counter.\nFalse 1 False\n";
    CHECK(out == expected);
}

TEST_CASE("api33: an inference tensor an op must save for backward is refused, one it does not save is not", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "import torch.nn as nn\n"
                 "with torch.inference_mode():\n"
                 "    feats = torch.ones(4, 3)\n"
                 "w = torch.ones(4, 3, requires_grad=True)\n"
                 "(feats + w).sum().backward()\n"
                 "print(w.grad.sum().item())\n"
                 "for f in [lambda: feats * w, lambda: nn.Linear(3, 2)(feats)]:\n"
                 "    try:\n"
                 "        f()\n"
                 "    except RuntimeError as e:\n"
                 "        print(e)\n"
                 "print(nn.Linear(3, 2)(feats.clone()).requires_grad)\n") ==
          "12.0\n"
          "Inference tensors cannot be saved for backward. Please do not use Tensors created in inference mode in "
          "computation tracked by autograd. To work around this, you can make a clone to get a normal tensor and use it "
          "in autograd, or use `torch.no_grad()` instead of `torch.inference_mode()`.\n"
          "Inference tensors cannot be saved for backward. Please do not use Tensors created in inference mode in "
          "computation tracked by autograd. To work around this, you can make a clone to get a normal tensor and use it "
          "in autograd, or use `torch.no_grad()` instead of `torch.inference_mode()`.\n"
          "True\n");
}

TEST_CASE("api33: optimizer step hooks run around a step compiled by torch.compile, once per call", "[dynamo][optim]") {
    std::string out = out_of(
        "import torch\n"
        "import torch.nn as nn\n"
        "from torch.optim.optimizer import register_optimizer_step_pre_hook\n"
        "torch.manual_seed(0)\n"
        "m = nn.Linear(3, 2)\n"
        "opt = torch.optim.SGD(m.parameters(), lr=0.1, momentum=0.9)\n"
        "log = []\n"
        "opt.register_step_pre_hook(lambda o, args, kwargs: log.append(('pre', len(args))))\n"
        "opt.register_step_post_hook(lambda o, args, kwargs: log.append('post'))\n"
        "g = register_optimizer_step_pre_hook(lambda o, args, kwargs: log.append('global pre'))\n"
        "def step(x):\n"
        "    opt.zero_grad()\n"
        "    m(x).pow(2).sum().backward()\n"
        "    opt.step()\n"
        "c = torch.compile(step, backend='eager')\n"
        "x = torch.ones(4, 3)\n"
        "c(x)\n"
        "c(x)\n"
        "print(log)\n"
        "g.remove()\n"
        "log.clear()\n"
        "c(x)\n"
        "print(log)\n");
    CHECK(out ==
          "['global pre', ('pre', 1), 'post', 'global pre', ('pre', 1), 'post']\n"
          "[('pre', 1), 'post']\n");
}

TEST_CASE("api33: einsum's sublist format (ints 0-25 are A-Z, 26-51 a-z, Ellipsis) and its errors", "[bindings]") {
    CHECK(out_of("import torch\n"
                 "a = torch.arange(6.).reshape(2, 3)\n"
                 "b = torch.arange(12.).reshape(3, 4)\n"
                 "print(torch.equal(torch.einsum(a, [0, 1], b, [1, 2], [0, 2]), a @ b))\n"
                 "print(torch.equal(torch.einsum(a, [27, 28], b, [28, 29]), a @ b))\n"
                 "print(torch.einsum(a, [Ellipsis, 1], [Ellipsis]).tolist())\n"
                 "for args in [(a, [0, 52]), ('ij',), (a,)]:\n"
                 "    try:\n"
                 "        torch.einsum(*args)\n"
                 "    except ValueError as e:\n"
                 "        print(e)\n") ==
          "True\nTrue\n[3.0, 12.0]\n"
          "einsum(): subscript in subscript list is not within the valid range [0, 52)\n"
          "einsum(): must specify the equation string and at least one operand, or at least one operand and its "
          "subscripts list\n"
          "einsum(): must specify the equation string and at least one operand, or at least one operand and its "
          "subscripts list\n");
}

TEST_CASE("api33: the added torch.distributions families follow their densities and PyTorch's shapes", "[bindings]") {
    std::string out = out_of(
        "import math\n"
        "import torch\n"
        "import torch.distributions as D\n"
        "torch.manual_seed(0)\n"
        "x = torch.tensor([1.5, 3.0])\n"
        "p = D.Pareto(torch.tensor(1.0), torch.tensor(2.0))\n"
        "print(torch.allclose(p.log_prob(x), math.log(2.0) - 3 * x.log()), p.mean.item(), p.variance.item())\n"
        "wb = D.Weibull(torch.tensor(2.0), torch.tensor(1.0))\n"
        "print(torch.allclose(wb.log_prob(x), D.Exponential(0.5).log_prob(x)), round(wb.mean.item(), 5))\n"
        "hc = D.HalfCauchy(torch.tensor(1.0))\n"
        "print(torch.allclose(hc.log_prob(x), math.log(2 / math.pi) - torch.log1p(x * x)), round(hc.cdf(torch.tensor(1.0)).item(), 5))\n"
        "nb = D.NegativeBinomial(torch.tensor(3.0), probs=torch.tensor(0.25))\n"
        "k = torch.tensor([0.0, 2.0])\n"
        "ref = torch.lgamma(k + 3) - torch.lgamma(k + 1) - math.lgamma(3) + 3 * math.log(0.75) + k * math.log(0.25)\n"
        "print(torch.allclose(nb.log_prob(k), ref), round(nb.mean.item(), 5), nb.sample((5,)).shape)\n"
        "cb = D.ContinuousBernoulli(probs=torch.tensor([0.5, 0.2]))\n"
        "print(round(cb.log_prob(torch.tensor([0.3, 0.3]))[0].item(), 5) + 0.0, cb.mean[0].item(), cb.rsample((2,)).shape)\n"
        "ig = D.InverseGamma(torch.tensor(3.0), torch.tensor(2.0))\n"
        "print(ig.mean.item(), ig.mode.item(), round(D.Kumaraswamy(1.0, 1.0).log_prob(torch.tensor(0.3)).item(), 5) + 0.0)\n"
        "print(D.FisherSnedecor(torch.tensor(4.0), torch.tensor(6.0)).mean.item())\n"
        "gmm = D.MixtureSameFamily(D.Categorical(torch.tensor([0.25, 0.75])),\n"
        "                          D.Normal(torch.tensor([-1.0, 2.0]), torch.tensor([1.0, 0.5])))\n"
        "comp = D.Normal(torch.tensor([-1.0, 2.0]), torch.tensor([1.0, 0.5]))\n"
        "ref = torch.logsumexp(comp.log_prob(x.unsqueeze(-1)) + torch.tensor([0.25, 0.75]).log(), -1)\n"
        "print(torch.allclose(gmm.log_prob(x), ref), gmm.mean.item(), gmm.sample((4,)).shape)\n"
        "mv = D.MixtureSameFamily(D.Categorical(torch.ones(3, 2)), D.Independent(D.Normal(torch.zeros(3, 2, 4), torch.ones(3, 2, 4)), 1))\n"
        "print(mv.batch_shape, mv.event_shape, mv.sample((5,)).shape, mv.log_prob(torch.zeros(3, 4)).shape)\n"
        "print(D.kl_divergence(D.Pareto(1.0, 3.0), D.Pareto(1.0, 3.0)).item(), D.kl_divergence(D.Pareto(0.5, 3.0), D.Pareto(1.0, 2.0)).item())\n"
        "from torch.distributions import biject_to, constraints, transform_to\n"
        "print(biject_to(constraints.unit_interval), type(transform_to(constraints.simplex)).__name__,\n"
        "      biject_to(D.Dirichlet(torch.ones(3)).support)(torch.zeros(2)).tolist())\n"
        "try:\n"
        "    D.MixtureSameFamily(D.Categorical(torch.ones(3)), comp)\n"
        "except ValueError as e:\n"
        "    print(e)\n");
    CHECK(out ==
          "True 2.0 inf\n"
          "True 2.0\n"
          "True 0.5\n"
          "True 1.0 torch.Size([5])\n"
          "0.0 0.5 torch.Size([2, 2])\n"
          "1.0 0.5 0.0\n"
          "1.5\n"
          "True 1.25 torch.Size([4])\n"
          "torch.Size([3]) torch.Size([4]) torch.Size([5, 3, 4]) torch.Size([3])\n"
          "0.0 inf\n"
          "SigmoidTransform() SoftmaxTransform [0.3333333432674408, 0.3333333134651184, 0.3333333134651184]\n"
          "`mixture_distribution component` (3) does not equal `component_distribution.batch_shape[-1]` (2)\n");
}

TEST_CASE("api33: torch.utils.model_zoo, torch.nn.utils.stateless and the two halves of clip_grad_norm_", "[bindings]") {
    kiln::testing::ProgramRun r = kiln::testing::run_source(
        "import torch\n"
        "import torch.nn as nn\n"
        "import torch.utils.model_zoo as model_zoo\n"
        "from torch.nn.utils import stateless\n"
        "print(model_zoo.load_url is torch.hub.load_state_dict_from_url)\n"
        "m = nn.Linear(2, 1)\n"
        "out = stateless.functional_call(m, {'weight': torch.ones(1, 2), 'bias': torch.zeros(1)}, (torch.ones(1, 2),))\n"
        "print(out.item())\n"
        "a, b = nn.Linear(3, 3), nn.Linear(3, 3)\n"
        "b.load_state_dict(a.state_dict())\n"
        "for lin in (a, b):\n"
        "    (lin(torch.ones(2, 3)) * 10).sum().backward()\n"
        "n1 = nn.utils.clip_grad_norm_(a.parameters(), 0.5)\n"
        "n2 = nn.utils.get_total_norm([p.grad for p in b.parameters()])\n"
        "nn.utils.clip_grads_with_norm_(b.parameters(), 0.5, n2)\n"
        "print(torch.allclose(n1, n2), all(torch.allclose(p.grad, q.grad) for p, q in zip(a.parameters(), b.parameters())))\n"
        "print(nn.utils.get_total_norm([]).item(), nn.utils.get_total_norm(torch.tensor([3.0, 4.0])).item())\n"
        "try:\n"
        "    nn.utils.get_total_norm([torch.tensor([float('inf')])], error_if_nonfinite=True)\n"
        "except RuntimeError as e:\n"
        "    print(str(e)[:59])\n");
    CHECK(r.out == "True\n2.0\nTrue True\n0.0 5.0\nThe total norm of order 2.0 for gradients from `parameters`\n");
    CHECK(has(r.err, "FutureWarning: `torch.nn.utils.stateless.functional_call` is deprecated as of PyTorch 2.0"));
}
