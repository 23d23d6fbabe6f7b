# torch.norm / Tensor.norm with string and numeric orders under torch.compile: torch.norm is one in-graph
# call (PyTorch's trace_rules list torch.norm among torch_non_c_binding_in_graph_functions), its order a
# constant of the graph; an order passed as an argument is guarded by value, so a new order recompiles
# and a seen one reuses its graph. Values are compared with eager, graphs printed, compiles counted.
import torch
import torch._dynamo

codes = []


def rec(gm, example_inputs):
    codes.append(gm.code.strip())
    return gm.forward


def show(label):
    print(label, "graphs", len(codes))
    for c in codes:
        print(c)
    codes.clear()


x = torch.arange(6.0).reshape(2, 3) - 2
c = torch.arange(24.0).reshape(2, 3, 4) / 10


def by_arg(t, p):
    return torch.norm(t, p) * 2


torch._dynamo.reset()
cf = torch.compile(by_arg, backend=rec)
for p in ("fro", "nuc", "fro", 1, 2, "nuc", float("inf")):
    r = cf(x, p)
    print(p, round(r.item(), 4), torch.allclose(r, by_arg(x, p)), "graphs so far", len(codes))
show("order argument")


def fixed(t):
    a = torch.norm(t, "fro", dim=(1, 2))
    b = t.norm("nuc", dim=(1, 2), keepdim=True)
    e = torch.norm(t, p="fro", dim=2)
    return a.sum() + b.sum() + e.sum()


torch._dynamo.reset()
r = torch.compile(fixed, backend=rec)(c)
print(round(r.item(), 4), torch.allclose(r, fixed(c)))
show("constant orders")


def by_kw(t, p, keep):
    return t.norm(p=p, dim=(0, 1), keepdim=keep)


torch._dynamo.reset()
ck = torch.compile(by_kw, backend=rec)
for p, keep in (("nuc", False), ("nuc", True), ("fro", True), ("fro", True)):
    r = ck(x, p, keep)
    print(p, keep, list(r.shape), torch.allclose(r, by_kw(x, p, keep)))
show("keyword order")

torch._dynamo.reset()
e = torch._dynamo.explain(fixed)(c)
print("explain", e.graph_count, e.graph_break_count, e.op_count)


def train_step(w, t):
    loss = torch.norm(w @ t, "nuc") + torch.norm(w, "fro")
    loss.backward()
    return loss


for backend in ("aot_eager", "inductor"):
    torch._dynamo.reset()
    w1 = (torch.arange(6.0).reshape(3, 2) / 4).requires_grad_()
    w2 = (torch.arange(6.0).reshape(3, 2) / 4).requires_grad_()
    l1 = train_step(w1, x)
    l2 = torch.compile(train_step, backend=backend)(w2, x)
    print(backend, round(l2.item(), 4), torch.allclose(l1, l2), torch.allclose(w1.grad, w2.grad, atol=1e-5))

