# Graph breaks as the torch.compile troubleshooting page shows them (docs/source/torch.compiler_troubleshooting.rst):
# an explicit torch._dynamo.graph_break(), a print, a data-dependent branch, Tensor.item() with and
# without capture_scalar_outputs, a data-dependent output shape (nonzero), a break inside a helper and
# inside a loop; each read through torch._dynamo.explain (counts, first lines of the reasons, ops).
import torch
import torch._dynamo


def report(label, fn, *args):
    torch._dynamo.reset()
    e = torch._dynamo.explain(fn)(*args)
    print(label, "graphs", e.graph_count, "breaks", e.graph_break_count, "ops", e.op_count)
    for r in e.break_reasons:
        print("  ", r.reason.split("\n")[0])
    print("  ", [[getattr(op, "__name__", str(op)) for op in ops] for ops in e.ops_per_graph])


def explicit(x):
    x = x + 1
    torch._dynamo.graph_break()
    return x + 1


def printing(x):
    x = x * 2
    print("inside printing")
    return x.sin()


def branch(x):
    if x.sum() > 0:
        return x.cos()
    return x.sin()


def item(x):
    s = x.sum().item()
    return x * s


def nonzero(x):
    idx = torch.nonzero(x > 0)
    return idx.float().sum() + x.sum()


def helper(x):
    torch._dynamo.graph_break()
    return x * 3


def calls_helper(x):
    y = x.relu()
    z = helper(y)
    return z + 1


def in_loop(x):
    for i in range(3):
        x = x + i
        if i == 1:
            torch._dynamo.graph_break()
    return x


x = torch.linspace(-1, 1, 4)
report("explicit", explicit, x)
report("print", printing, x)
report("branch", branch, x)
report("item", item, x)
torch._dynamo.config.capture_scalar_outputs = True
report("item captured", item, x)
torch._dynamo.config.capture_scalar_outputs = False
report("nonzero", nonzero, x)
report("helper", calls_helper, x)
report("loop", in_loop, x)
