# torch.profiler with record_shapes=True over the operators real training code calls directly, beyond
# one nn.Linear: the inner operators PyTorch's CPU kernels dispatch (as cpu_children, each with its
# own input shapes): F.linear without a bias (matmul -> mm) and of a 3-D input (flattened to one
# addmm or folded into one mm), torch.addmm/mm/matmul called directly
# with row- and column-major operands (addmm's expand/copy_ and the resolve_conj of each operand it
# uses untransposed), softmax/log_softmax with and without dtype= (the `to` conversion), mean over all
# elements and over a dim (sum -> as_strided/fill_, div_ -> to), factories, relu and item(); and the
# operators of a linear layer's backward (t, mm, the bias gradient's sum/view, AccumulateGrad's
# detach) counted per name. Times vary, so only names, shapes and counts are printed.
import torch
import torch.nn.functional as F
from torch.profiler import profile, record_function


def walk(ev, depth):
    print("  " * depth + ev.name, ev.input_shapes)
    for c in ev.cpu_children:
        walk(c, depth + 1)


torch.manual_seed(0)
x = torch.randn(3, 5)
w = torch.randn(4, 5)
b = torch.randn(4)
bias_full = torch.randn(3, 4)
sq = torch.randn(5, 5)

with profile(record_shapes=True) as prof:
    with record_function("ops"):
        F.linear(x, w)
        F.linear(x.reshape(1, 3, 5), w, b)
        F.linear(x.reshape(3, 1, 5), w)
        torch.addmm(b, x, w.t())
        torch.addmm(bias_full, x, w.t(), beta=0)
        torch.mm(x, sq)
        torch.mm(x, sq.t())
        torch.matmul(x, sq)
        torch.softmax(x, dim=1)
        torch.softmax(x, dim=0, dtype=torch.float64)
        F.log_softmax(x, dim=1)
        x.mean()
        x.mean(dim=1)
        x.mean(0, keepdim=True)
        torch.ones(2, 3)
        torch.zeros(4)
        torch.full((2,), 1.5)
        torch.relu(x)
        x.sum().item()

ops = [e for e in prof.events() if e.name == "ops"][0]
walk(ops, 0)

layer = torch.nn.Linear(5, 2)
inp = torch.randn(6, 5)
with profile(record_shapes=True) as prof2:
    with record_function("backward"):
        layer(inp).sum().backward()
print(sorted((e.key, e.count) for e in prof2.key_averages() if e.key.startswith("aten::")))
grouped = prof2.key_averages(group_by_input_shape=True)
print(sorted((e.key, str(e.input_shapes)) for e in grouped if e.key in ("aten::mm", "aten::sum", "aten::detach", "aten::t")))
