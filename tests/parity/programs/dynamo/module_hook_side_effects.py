# Side effects of module hooks under torch.compile, replayed after the graph as Dynamo's SideEffects
# does: a forward hook appending to a global list, a pre-hook counting calls in a global dict, a hook
# appending to a list it closes over, a child's hook appending to a list attribute of its parent, a
# hook bumping a global int (`global`), a hook storing the output on its module. Each runs three
# compiled calls; the side effects must match eager's. The call_function counts of the graphs compiled
# show the recompiles the guards on the mutated values cause (Dynamo is reset between cases: the
# compiled modules share one wrapper code object, whose recompile limit would otherwise carry over).
import torch
import torch.nn as nn
import torch._dynamo

graphs = []


def rec(gm, example_inputs):
    graphs.append(len([n for n in gm.graph.nodes if n.op == "call_function"]))
    return gm.forward


torch.manual_seed(0)
x = torch.linspace(-1, 1, 6).reshape(2, 3)

shapes = []


def record_shape(mod, args, out):
    shapes.append(tuple(out.shape))


stats = {"calls": 0}


def count_calls(mod, args):
    stats["calls"] += 1


lin = nn.Linear(3, 2)
lin.register_forward_hook(record_shape)
lin.register_forward_pre_hook(count_calls)
cl = torch.compile(lin, backend=rec)
for _ in range(3):
    out = cl(x)
print("global list", shapes, "dict", stats, "graphs", graphs)
graphs.clear()
torch._dynamo.reset()


def make_logger():
    log = []

    def hook(mod, args, out):
        log.append(out.shape[-1])

    return log, hook


log, hook = make_logger()
lin2 = nn.Linear(3, 4)
lin2.register_forward_hook(hook)
cl2 = torch.compile(lin2, backend=rec)
for _ in range(3):
    cl2(x)
print("closure list", log, "graphs", graphs)
graphs.clear()
torch._dynamo.reset()


class Parent(nn.Module):
    def __init__(self):
        super().__init__()
        self.a = nn.Linear(3, 4)
        self.b = nn.Linear(4, 2)
        self.records = []
        self.a.register_forward_hook(self.note)

    def note(self, mod, args, out):
        self.records.append(out.shape[1])

    def forward(self, x):
        return self.b(torch.relu(self.a(x)))


p = Parent()
cp = torch.compile(p, backend=rec)
for _ in range(3):
    cp(x)
print("parent attribute list", p.records, "graphs", graphs)
graphs.clear()
torch._dynamo.reset()

n_calls = 0


def bump(mod, args, out):
    global n_calls
    n_calls += 1
    return out * 2


lin3 = nn.Linear(3, 2)
lin3.register_forward_hook(bump)
cl3 = torch.compile(lin3, backend=rec)
for _ in range(3):
    y = cl3(x)
print("global int", n_calls, torch.allclose(y, lin3.forward(x) * 2), "graphs", graphs)
graphs.clear()
torch._dynamo.reset()


def keep(mod, args, out):
    mod.last_shape = tuple(out.shape)
    mod.seen = getattr(mod, "seen", 0) + 1


lin4 = nn.Linear(3, 5)
lin4.register_forward_hook(keep)
cl4 = torch.compile(lin4, backend=rec)
for _ in range(3):
    cl4(x)
print("module attribute", lin4.last_shape, lin4.seen, "graphs", graphs)
