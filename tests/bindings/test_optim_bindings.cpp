// torch.optim's Python surface for the optimizers beyond SGD/Adam (engine/bindings/optim.cpp):
// state_dict()/load_state_dict() round trips that must continue exactly like the original run,
// param-group key order, constructor errors worded with the program's values, and LBFGS's closure.
// The programs check themselves (values derived from PyTorch's documented behaviour) and print.
#include <catch2/catch.hpp>

#include <string>

#include "support/program.h"
#include "vm/interpreter.h"

using kiln::vm::Interpreter;
using kiln::vm::Options;
using kiln::vm::RunResult;

namespace {

std::string out_of(const std::string& body) {
    kiln::testing::ProgramRun r = kiln::testing::run_source("import torch\n" + body);
    INFO(r.err);
    REQUIRE(r.result.ok);
    return r.out;
}

}  // namespace

TEST_CASE("optimizer state_dict round trip continues the run exactly", "[optim][bindings]") {
    // For each optimizer: 3 steps; save (state tensors cloned, as torch.save/load would give);
    // 2 more steps on the original; a fresh optimizer on copies of the weights after step 3 loads the
    // saved dict and takes the same 2 steps: the weights must agree bit for bit.
    std::string out = out_of(R"(
def loss_of(a):
    return (a * a * torch.tensor([1.0, 0.5, 2.0])).sum() + a[0]
def steps(opt, a, n):
    for i in range(n):
        opt.zero_grad()
        loss_of(a).backward()
        opt.step()
for name in ["SGD", "Adam", "AdamW", "RMSprop", "Adagrad", "Adadelta", "Adamax", "NAdam", "RAdam", "ASGD", "Rprop"]:
    cls = getattr(torch.optim, name)
    kw = {"momentum": 0.9} if name in ("SGD", "RMSprop") else {}
    a = torch.tensor([1.0, -2.0, 0.5], requires_grad=True)
    opt = cls([a], lr=0.05, **kw)
    steps(opt, a, 3)
    sd = opt.state_dict()
    saved = {"state": {k: {n: t.clone() for n, t in st.items()} for k, st in sd["state"].items()},
             "param_groups": sd["param_groups"]}
    b = a.detach().clone().requires_grad_(True)
    steps(opt, a, 2)
    opt2 = cls([b], lr=0.5)
    opt2.load_state_dict(saved)
    assert opt2.param_groups[0]["lr"] == 0.05, name
    assert list(opt2.state[b].keys()) == list(sd["state"][0].keys()), name
    steps(opt2, b, 2)
    print(name, torch.equal(a, b))
)");
    for (const char* name : {"SGD", "Adam", "AdamW", "RMSprop", "Adagrad", "Adadelta", "Adamax", "NAdam", "RAdam", "ASGD",
                             "Rprop"}) {
        INFO(out);
        CHECK(out.find(std::string(name) + " True\n") != std::string::npos);
    }
}

TEST_CASE("state_dict packs parameter indices after the options", "[optim][bindings]") {
    CHECK(out_of(R"(
a = torch.zeros(2, requires_grad=True)
b = torch.zeros(1, requires_grad=True)
c = torch.zeros(1, requires_grad=True)
opt = torch.optim.Adadelta([{"params": [a, b]}, {"params": [c], "rho": 0.5}])
sd = opt.state_dict()
print(sd["param_groups"][1])
print(sd["state"])
for p in (a, b, c):
    p.grad = torch.ones_like(p)
c.grad = None
opt.step()
print(list(opt.state_dict()["state"].keys()), list(opt.state_dict()["state"][1].keys()))
)") == "{'rho': 0.5, 'lr': 1.0, 'eps': 1e-06, 'weight_decay': 0, 'maximize': False, 'capturable': False, "
           "'foreach': None, 'differentiable': False, 'params': [2]}\n"
           "{}\n"
           "[0, 1] ['step', 'square_avg', 'acc_delta']\n");
}

TEST_CASE("load_state_dict errors", "[optim][bindings][errors]") {
    CHECK(out_of(R"(
a = torch.zeros(2, requires_grad=True)
opt = torch.optim.RMSprop([a])
for bad in [{"state": {}, "param_groups": []}, {"state": {}, "param_groups": [{"params": [0, 1]}]}]:
    try:
        opt.load_state_dict(bad)
    except ValueError as e:
        print(e)
)") == "loaded state dict has a different number of parameter groups\n"
           "loaded state dict contains a parameter group that doesn't match the size of optimizer's group\n");
}

TEST_CASE("LBFGS: the closure's first result comes back, state counts evaluations", "[optim][bindings][lbfgs]") {
    // f(x) = (x - 3)^2 from x = 0: the first iteration steps by min(1, 1/|g|) * lr * -g = 1 (|g| = 6),
    // max_iter=1 evaluates once.
    CHECK(out_of(R"(
x = torch.zeros(1, requires_grad=True)
opt = torch.optim.LBFGS([x], max_iter=1)
results = []
def closure():
    opt.zero_grad()
    loss = ((x - 3) ** 2).sum()
    loss.backward()
    results.append(loss)
    return loss
r = opt.step(closure)
print(r is results[0], len(results), x.item(), opt.state[x]["func_evals"], opt.state[x]["n_iter"])
opt = torch.optim.LBFGS([x])
for i in range(2):
    opt.step(closure)
print(round(x.item(), 5), sorted(opt.state[x].keys())[:4])
try:
    opt.step()
except TypeError as e:
    print(e)
)") == "True 1 1.0 1 1\n"
           "3.0 ['H_diag', 'al', 'd', 'func_evals']\n"
           "LBFGS.step() missing 1 required positional argument: 'closure'\n");
}

TEST_CASE("new optimizers' constructor errors use the program's values", "[optim][bindings][errors]") {
    CHECK(out_of(R"(
w = torch.zeros(1, requires_grad=True)
for cls, kw in [(torch.optim.Adagrad, {"lr_decay": -1}), (torch.optim.Adadelta, {"rho": 2}),
                (torch.optim.NAdam, {"betas": (0.5, 1.0)}), (torch.optim.Rprop, {"etas": (0.5, 1)})]:
    try:
        cls([w], **kw)
    except ValueError as e:
        print(e)
)") == "Invalid lr_decay value: -1\nInvalid rho value: 2\nInvalid beta parameter at index 1: 1.0\n"
           "Invalid eta values: 0.5, 1\n");
}

TEST_CASE("programs subclass torch.optim.Optimizer", "[optim][bindings]") {
    // PyTorch's documented Optimizer protocol: defaults fill each group, state is a defaultdict per
    // parameter, state_dict packs parameters as indices; schedulers drive it; native optimizers
    // are Optimizers too.
    CHECK(out_of(R"(
class MomentumSGD(torch.optim.Optimizer):
    def __init__(self, params, lr=0.1, momentum=0.5):
        if lr < 0.0:
            raise ValueError(f"Invalid learning rate: {lr}")
        super().__init__(params, dict(lr=lr, momentum=momentum))

    @torch.no_grad()
    def step(self, closure=None):
        loss = None
        if closure is not None:
            with torch.enable_grad():
                loss = closure()
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                state = self.state[p]
                if "buf" not in state:
                    state["buf"] = p.grad.clone()
                else:
                    state["buf"].mul_(group["momentum"]).add_(p.grad)
                p.add_(state["buf"], alpha=-group["lr"])
        return loss

w = torch.tensor([1.0, -2.0], requires_grad=True)
b = torch.tensor([0.5], requires_grad=True)
opt = MomentumSGD([{"params": [w]}, {"params": [b], "lr": 0.5}])
for i in range(2):
    opt.zero_grad()
    ((w * w).sum() + b.sum() * 2).backward()
    opt.step()
# w: g = 2w; step 1: w = w - 0.1 * 2w = 0.8w; step 2: buf = 0.5 * 2w0 + 2 * 0.8w0 = 2.6w0, w = 0.8w0 - 0.26w0
print(w.tolist(), b.tolist())
print(opt)
sd = opt.state_dict()
print(sd["param_groups"], sorted(sd["state"].keys()), sd["state"][0]["buf"].tolist())
print(isinstance(opt, torch.optim.Optimizer), isinstance(torch.optim.SGD([w]), torch.optim.Optimizer))
s = torch.optim.lr_scheduler.StepLR(opt, 1, 0.5)
opt.step()
s.step()
print(s.get_last_lr())
try:
    opt.add_param_group({"params": [w]})
except ValueError as e:
    print(e)
)") == "[0.5400000214576721, -1.0800000429153442] [-2.0]\n"
           "MomentumSGD (\n"
           "Parameter Group 0\n"
           "    lr: 0.1\n"
           "    momentum: 0.5\n"
           "\n"
           "Parameter Group 1\n"
           "    lr: 0.5\n"
           "    momentum: 0.5\n"
           ")\n"
           "[{'lr': 0.1, 'momentum': 0.5, 'params': [0]}, {'lr': 0.5, 'momentum': 0.5, 'params': [1]}] [0, 1] "
           "[2.5999999046325684, -5.199999809265137]\n"
           "True True\n"
           "[0.05, 0.25]\n"
           "some parameters appear in more than one parameter group\n");
}

TEST_CASE("LBFGS state_dict round trip continues the run exactly", "[optim][bindings][lbfgs]") {
    CHECK(out_of(R"(
def run(opt, x, n):
    def closure():
        opt.zero_grad()
        loss = ((x - torch.tensor([1.0, -2.0, 0.5])) ** 2 * torch.tensor([1.0, 3.0, 10.0])).sum() + (x[0] * x[1]) ** 2
        loss.backward()
        return loss
    for i in range(n):
        opt.step(closure)
x = torch.zeros(3, requires_grad=True)
opt = torch.optim.LBFGS([x], max_iter=2, history_size=3)
run(opt, x, 2)
def clone(v):  # what torch.save + torch.load would give: no storage shared with the live optimizer
    if isinstance(v, torch.Tensor):
        return v.clone()
    if isinstance(v, list):
        return [clone(e) for e in v]
    if isinstance(v, dict):
        return {k: clone(e) for k, e in v.items()}
    return v
sd = clone(opt.state_dict())
print(sorted(sd["state"][0].keys()))
y = x.detach().clone().requires_grad_(True)
run(opt, x, 2)
opt2 = torch.optim.LBFGS([y], max_iter=2, history_size=3)
opt2.load_state_dict(sd)
run(opt2, y, 2)
print(torch.equal(x, y), opt2.state[y]["func_evals"] == opt.state[x]["func_evals"])
)") == "['H_diag', 'al', 'd', 'func_evals', 'n_iter', 'old_dirs', 'old_stps', 'prev_flat_grad', 'prev_loss', 'ro', 't']\n"
           "True True\n");
}
