# Real-program corpus (tests/realworld, see README.md): three torch.compile recipes on the CPU: regional
# compilation (a Model whose 8 repeated Layers are each torch.compile'd inside a ModuleList, against
# compiling the whole Model; torch.compiler.reset and torch._inductor.utils.fresh_inductor_cache around
# the first call; the compiled children's state_dict keys, repr and train/eval), a compiled
# optimizer.step() for Adam warmed up and timed with torch.utils.benchmark, and a compiled step of SGD
# with a tensor learning rate driven by LinearLR: the workflow of pytorch/tutorials
# recipes_source/recipes/regional_compilation.py @ 215d81e48f5ea8ffd806e4ac426b310b6ef2ea07 and
# recipes_source/compiling_optimizer.py @ 4f3ef4bac924b7bfd47ce29ee76a6b21df0fb6eb (with the
# LR-scheduler variant of recipes_source/compiling_optimizer_lr_scheduler.py). Changes: CPU instead of
# CUDA (no synchronize), 8 layers instead of 64, Linear(64, 64) layers, times printed only as
# comparisons with zero. Written for Kiln, not copied.
from time import perf_counter

import torch
import torch.nn as nn
import torch.utils.benchmark as benchmark

torch.manual_seed(0)


class Layer(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear1 = torch.nn.Linear(10, 10)
        self.relu1 = torch.nn.ReLU()
        self.linear2 = torch.nn.Linear(10, 10)
        self.relu2 = torch.nn.ReLU()

    def forward(self, x):
        a = torch.sigmoid(self.relu1(self.linear1(x)))
        return self.relu2(self.linear2(a))


class Model(torch.nn.Module):
    def __init__(self, apply_regional_compilation):
        super().__init__()
        self.linear = torch.nn.Linear(10, 10)
        if apply_regional_compilation:
            # only the repeated region is compiled; self.linear stays eager
            self.layers = torch.nn.ModuleList([torch.compile(Layer()) for _ in range(8)])
        else:
            self.layers = torch.nn.ModuleList([Layer() for _ in range(8)])

    def forward(self, x):
        x = self.linear(x)
        for layer in self.layers:
            x = layer(x)
        return x


model = Model(apply_regional_compilation=False)
full_compiled_model = torch.compile(model)
regional_compiled_model = Model(apply_regional_compilation=True)
# same weights in both, so that their outputs can be compared (the compiled layers' keys carry _orig_mod)
eager_state = model.state_dict()
regional_compiled_model.load_state_dict(
    {k: eager_state[k.replace("._orig_mod", "")] for k in regional_compiled_model.state_dict()})


def measure_latency(fn, input):
    torch.compiler.reset()
    with torch._inductor.utils.fresh_inductor_cache():
        start = perf_counter()
        out = fn(input)
        end = perf_counter()
        return end - start, out


input = torch.randn(10, 10)
full_latency, full_out = measure_latency(full_compiled_model, input)
print(f"Full model compilation time > 0: {full_latency > 0}")
regional_latency, regional_out = measure_latency(regional_compiled_model, input)
print(f"Regional compilation time > 0: {regional_latency > 0}")
with torch.no_grad():
    eager_out = model(input)
print(torch.allclose(full_out, eager_out, atol=1e-6), torch.allclose(regional_out, eager_out, atol=1e-6))
print(list(regional_compiled_model.state_dict().keys())[:6])
print(regional_compiled_model.layers[0])
print(type(regional_compiled_model.layers[0]).__name__, len(list(regional_compiled_model.parameters())))
regional_compiled_model.eval()
print(regional_compiled_model.layers[3].training, regional_compiled_model.layers[3]._orig_mod.linear1.training)

# ---- compiling the optimizer ---------------------------------------------------------------------------
model = torch.nn.Sequential(*[torch.nn.Linear(64, 64, False, device="cpu") for _ in range(4)])
input = torch.rand(64, device="cpu")
model(input).sum().backward()
opt = torch.optim.Adam(model.parameters(), lr=0.01)


@torch.compile()
def fn():
    opt.step()


def benchmark_torch_function_in_microseconds(f, *args, **kwargs):
    t0 = benchmark.Timer(stmt="f(*args, **kwargs)", globals={"args": args, "kwargs": kwargs, "f": f})
    return t0.blocked_autorange().mean * 1e6


for _ in range(5):
    fn()
print(model[0].weight[0, :4])
print(opt.state[model[0].weight]["step"])
eager_runtime = benchmark_torch_function_in_microseconds(opt.step)
compiled_runtime = benchmark_torch_function_in_microseconds(fn)
print(eager_runtime > 0, compiled_runtime > 0)

# ---- compiled step with an LR scheduler ------------------------------------------------------------------
model = torch.nn.Sequential(*[torch.nn.Linear(16, 16, False) for _ in range(3)])
model(torch.rand(16)).sum().backward()
opt = torch.optim.SGD(model.parameters(), lr=torch.tensor(0.01))
sched = torch.optim.lr_scheduler.LinearLR(opt, total_iters=5)


@torch.compile(fullgraph=False)
def step():
    opt.step()
    sched.step()


for _ in range(5):
    step()
    print(opt.param_groups[0]["lr"])
print(model[2].weight[0, :4])
