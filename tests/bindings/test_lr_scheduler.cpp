// torch.optim.lr_scheduler (engine/stdlib/torch/optim/lr_scheduler.py): each scheduler's chainable
// learning rates against its closed form (PyTorch's documented formula) over many steps, hand-worked
// sequences for the ones without one, state_dict keys in PyTorch's __dict__ order, resuming from a
// state_dict, a user subclass, and the constructor errors.
#include <catch2/catch.hpp>

#include <string>

#include "support/program.h"
#include "vm/interpreter.h"

using kiln::vm::Interpreter;
using kiln::vm::Options;
using kiln::vm::RunResult;

namespace {

std::string out_of(const std::string& body) {
    kiln::testing::ProgramRun r = kiln::testing::run_source("import math\nimport torch\nfrom torch.optim import lr_scheduler as S\n" + body);
    INFO(r.err);
    REQUIRE(r.result.ok);
    return r.out;
}

// A helper every program below uses: the lr after each of n steps (optimizer.step() first).
const char* kRun = R"(
w = torch.zeros(1, requires_grad=True)
def lrs(make, n, lr=0.1, metrics=None):
    opt = torch.optim.SGD([w], lr=lr, momentum=0.9)
    s = make(opt)
    out = [opt.param_groups[0]["lr"]]
    for i in range(n):
        opt.step()
        if metrics is None:
            s.step()
        else:
            s.step(metrics[i])
        assert s.get_last_lr() == [opt.param_groups[0]["lr"]]
        out.append(opt.param_groups[0]["lr"])
    return out
def close(a, b):
    assert len(a) == len(b), (a, b)
    for x, y in zip(a, b):
        assert abs(x - y) < 1e-12, (a, b)
    return True
)";

}  // namespace

TEST_CASE("lr schedulers: chainable rates equal the closed forms", "[optim][lr_scheduler]") {
    CHECK(out_of(std::string(kRun) + R"(
b = 0.1
print(close(lrs(lambda o: S.StepLR(o, 3, 0.5), 20), [b * 0.5 ** (e // 3) for e in range(21)]))
print(close(lrs(lambda o: S.MultiStepLR(o, [2, 5, 5], 0.1), 12),
            [b * 0.1 ** sum(1 for m in [2, 5, 5] if m <= e) for e in range(13)]))
print(close(lrs(lambda o: S.ExponentialLR(o, 0.9), 15), [b * 0.9 ** e for e in range(16)]))
print(close(lrs(lambda o: S.CosineAnnealingLR(o, T_max=5, eta_min=0.01), 25),
            [0.01 + (b - 0.01) * (1 + math.cos(math.pi * e / 5)) / 2 for e in range(26)]))
print(close(lrs(lambda o: S.LinearLR(o, start_factor=0.25, end_factor=0.75, total_iters=4), 8),
            [b * (0.25 + 0.5 * min(4, e) / 4) for e in range(9)]))
print(close(lrs(lambda o: S.ConstantLR(o, factor=0.5, total_iters=3), 6), [b * (0.5 if e < 3 else 1) for e in range(7)]))
print(close(lrs(lambda o: S.PolynomialLR(o, total_iters=4, power=2.0), 7),
            [b * (1 - min(4, e) / 4) ** 2 for e in range(8)]))
print(close(lrs(lambda o: S.LambdaLR(o, lambda e: 1 / (e + 1)), 6), [b / (e + 1) for e in range(7)]))
print(close(lrs(lambda o: S.MultiplicativeLR(o, lambda e: 0.5), 5), [b * 0.5 ** e for e in range(6)]))
# warm restarts: T_0=2, T_mult=2 restarts at epochs 2, 6, 14
def cawr(e):
    t, ti = e, 2
    while t >= ti:
        t -= ti
        ti *= 2
    return (b * (1 + math.cos(math.pi * t / ti)) / 2)
print(close(lrs(lambda o: S.CosineAnnealingWarmRestarts(o, T_0=2, T_mult=2), 16), [cawr(e) for e in range(17)]))
)") == "True\nTrue\nTrue\nTrue\nTrue\nTrue\nTrue\nTrue\nTrue\nTrue\n");
}

TEST_CASE("lr schedulers without closed forms: hand-worked sequences", "[optim][lr_scheduler]") {
    CHECK(out_of(std::string(kRun) + R"(
# OneCycleLR(max_lr=1, total_steps=10): initial 1/25, peak at step 2 (0.3 * 10 - 1), cosine to 1/25/1e4.
one = lrs(lambda o: S.OneCycleLR(o, max_lr=1.0, total_steps=10), 9)
cos = lambda s, e, p: e + (s - e) / 2.0 * (math.cos(math.pi * p) + 1)
print(close(one, [cos(0.04, 1.0, e / 2) for e in range(3)] + [cos(1.0, 4e-06, (e - 2) / 7) for e in range(3, 10)]))
# CyclicLR triangular, 3 up and 3 down between 0.01 and 0.1
print(close(lrs(lambda o: S.CyclicLR(o, 0.01, 0.1, step_size_up=3), 8),
            [0.01, 0.04, 0.07, 0.1, 0.07, 0.04, 0.01, 0.04, 0.07]))
# ReduceLROnPlateau(patience=1): reductions after two epochs without a better metric
print(lrs(lambda o: S.ReduceLROnPlateau(o, patience=1), 8, metrics=[1, 1, 1, 1, 0.5, 0.5, 0.5, 0.5]))
# SequentialLR: ConstantLR for 3 epochs, then ExponentialLR restarted at epoch 3
print(close(lrs(lambda o: S.SequentialLR(o, [S.ConstantLR(o, factor=0.5, total_iters=2), S.ExponentialLR(o, 0.9)], [3]), 6),
            [0.05, 0.05, 0.1, 0.1, 0.09, 0.081, 0.0729]))
# ChainedScheduler: both act every step
print(close(lrs(lambda o: S.ChainedScheduler([S.ConstantLR(o, factor=0.5, total_iters=2), S.ExponentialLR(o, 0.9)]), 3),
            [0.05, 0.045, 0.081, 0.0729]))
# CyclicLR / OneCycleLR cycle SGD's momentum inversely
opt = torch.optim.SGD([w], lr=0.1, momentum=0.9)
s = S.OneCycleLR(opt, max_lr=1.0, total_steps=10)
print(opt.param_groups[0]["momentum"], opt.param_groups[0]["max_lr"], opt.param_groups[0]["base_momentum"])
)") == "True\nTrue\n[0.1, 0.1, 0.1, 0.010000000000000002, 0.010000000000000002, 0.010000000000000002, "
           "0.010000000000000002, 0.0010000000000000002, 0.0010000000000000002]\nTrue\nTrue\n0.95 1.0 0.85\n");
}

TEST_CASE("lr scheduler state_dict: PyTorch's attribute order, resuming continues the schedule",
          "[optim][lr_scheduler]") {
    CHECK(out_of(std::string(kRun) + R"(
opt = torch.optim.SGD([w], lr=0.1)
s = S.StepLR(opt, step_size=2, gamma=0.5)
print(list(s.state_dict().keys()))
print(list(S.LambdaLR(opt, lambda e: 1.0).state_dict().keys()))
print(list(S.CyclicLR(torch.optim.SGD([w], lr=0.1), 0.01, 0.1).state_dict().keys())[-3:])
# resume: a fresh scheduler on the same optimizer, loaded from the first's state, continues it
for i in range(3):
    opt.step()
    s.step()
sd = s.state_dict()
s2 = S.StepLR(opt, step_size=2, gamma=0.5)
s2.load_state_dict(sd)
seq = []
for i in range(3):
    opt.step()
    s2.step()
    seq.append(s2.get_last_lr()[0])
print(seq, s2.last_epoch)
class Mine(S.LRScheduler):
    def get_lr(self):
        return [b * (self.last_epoch + 1) for b in self.base_lrs]
print(lrs(lambda o: Mine(o), 2), isinstance(Mine(opt), S.LRScheduler))
)") == "['step_size', 'gamma', 'base_lrs', 'last_epoch', '_step_count', '_is_initial', "
           "'_get_lr_called_within_step', '_last_lr']\n"
           "['base_lrs', 'last_epoch', '_step_count', '_is_initial', '_get_lr_called_within_step', '_last_lr', "
           "'lr_lambdas']\n"
           "['_get_lr_called_within_step', '_last_lr', '_scale_fn_custom']\n"
           "[0.025, 0.025, 0.0125] 6\n"
           "[0.1, 0.2, 0.30000000000000004] True\n");
}

TEST_CASE("lr scheduler constructor errors", "[optim][lr_scheduler][errors]") {
    CHECK(out_of(std::string(kRun) + R"(
opt = torch.optim.SGD([w], lr=0.1)
for make in [lambda: S.StepLR(3, 2), lambda: S.ConstantLR(opt, factor=2), lambda: S.LinearLR(opt, start_factor=0),
             lambda: S.ReduceLROnPlateau(opt, factor=1.5), lambda: S.ReduceLROnPlateau(opt, mode="up"),
             lambda: S.CosineAnnealingWarmRestarts(opt, T_0=0), lambda: S.OneCycleLR(opt, max_lr=1.0),
             lambda: S.CyclicLR(torch.optim.SGD([w], lr=0.1), 0.01, 0.1, mode="sine"),
             lambda: S.LambdaLR(opt, [lambda e: 1, lambda e: 2]),
             lambda: S.StepLR(torch.optim.SGD([w], lr=0.1), 2, last_epoch=3)]:
    try:
        make()
    except (TypeError, ValueError, KeyError) as e:
        print(type(e).__name__, e)
)") == "TypeError int is not an Optimizer\n"
           "ValueError Constant multiplicative factor expected to be between 0 and 1.\n"
           "ValueError Starting multiplicative factor expected to be greater than 0 and less or equal to 1.\n"
           "ValueError Factor should be < 1.0.\n"
           "ValueError mode up is unknown!\n"
           "ValueError Expected positive integer T_0, but got 0\n"
           "ValueError You must define either total_steps OR (epochs AND steps_per_epoch)\n"
           "ValueError mode is invalid and scale_fn is None\n"
           "ValueError Expected 1 lr_lambdas, but got 2\n"
           "KeyError \"param 'initial_lr' is not specified in param_groups[0] when resuming scheduler with last_epoch >= 0.\\nThis typically happens when:\\n1. You're trying to resume training from a checkpoint but haven't properly loaded the optimizer state\\n2. You're using last_epoch >= 0 for a fresh training run (not recommended)\"\n");
}

TEST_CASE("lr scheduler warns when stepped before the optimizer, and for get_lr()", "[optim][lr_scheduler]") {
    CHECK(out_of(std::string(kRun) + R"(
import warnings
def warned(body):
    with warnings.catch_warnings(record=True) as rec:
        warnings.simplefilter("always")
        body()
    return [str(r.message).split(".")[0] for r in rec]
opt = torch.optim.SGD([w], lr=0.1)
s = S.StepLR(opt, 1)
print(warned(lambda: s.step()))
print(warned(lambda: s.step()))  # only the first step is checked
opt2 = torch.optim.Adam([w], lr=0.1)
s2 = S.ExponentialLR(opt2, 0.5)
def right_order():
    opt2.step()
    s2.step()
print(warned(right_order), opt2._opt_called)
print(warned(lambda: s2.get_lr()))
)") == "['Detected call of `lr_scheduler']\n"
           "[]\n"
           "[] True\n"
           "['To get the last learning rate computed by the scheduler, please use `get_last_lr()`']\n");
}

TEST_CASE("swa_utils: AveragedModel's running mean and SWALR's anneal", "[optim][lr_scheduler][swa]") {
    // SWALR(swa_lr=0.05, anneal_epochs=3, cos) from lr 0.5: alpha = (1 - cos(pi t)) / 2 at t = step / 3,
    // lr = swa_lr * alpha + 0.5 * (1 - alpha): 0.3875, 0.1625, 0.05, 0.05. AveragedModel of weights
    // 0, 1, 2, 3: their running means 0, 0.5, 1, 1.5; an EMA copies its first update (10).
    CHECK(out_of(std::string(kRun) + R"(
from torch.optim.swa_utils import AveragedModel, SWALR, get_ema_multi_avg_fn
m = torch.nn.Linear(2, 1)
swa = AveragedModel(m)
opt = torch.optim.SGD(m.parameters(), lr=0.5)
sched = SWALR(opt, swa_lr=0.05, anneal_epochs=3)
for i in range(4):
    with torch.no_grad():
        m.weight.fill_(float(i))
    swa.update_parameters(m)
    opt.step()
    sched.step()
    print(swa.module.weight[0, 0].item(), swa.n_averaged.item(), round(sched.get_last_lr()[0], 6))
with torch.no_grad():
    m.weight.fill_(0.0)
ema = AveragedModel(m, multi_avg_fn=get_ema_multi_avg_fn(0.5))
with torch.no_grad():
    m.weight.fill_(10.0)
ema.update_parameters(m)
print(ema.module.weight[0, 0].item(), type(swa).__name__, torch.optim.swa_utils.SWALR is SWALR)
)") == "0.0 1 0.3875\n0.5 2 0.1625\n1.0 3 0.05\n1.5 4 0.05\n10.0 AveragedModel True\n");
}
