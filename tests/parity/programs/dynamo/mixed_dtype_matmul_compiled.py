# Matrix products of an int64 and a float32 tensor inside compiled functions. PyTorch's fake kernels
# for mm/bmm/matmul/linear check shapes but not dtypes, so Dynamo traces the call and the error comes
# from the compiled graph when it runs (the backend's eager kernel); a shape error is still found while
# tracing (TorchRuntimeError). Printed: eager's error, then the compiled call's exception type, whether
# it is a RuntimeError, its message up to "from user code:", and the graphs the backend received.
import re

import torch
import torch.nn as nn
import torch.nn.functional as F


def show(label, fn, *args, backend="eager"):
    try:
        fn(*args)
        print(label, "eager ok")
    except Exception as e:
        print(label, "eager", type(e).__name__, str(e).splitlines()[0])
    graphs = []

    def rec(gm, example_inputs):
        graphs.append(len([n for n in gm.graph.nodes if n.op == "call_function" or n.op == "call_method"]))
        return gm.forward

    # aot_eager is named directly (its graphs are not counted: printed as [])
    cf = torch.compile(fn, backend=rec if backend == "eager" else backend)
    try:
        cf(*args)
        print(label, backend, "compiled ok", graphs)
    except Exception as e:
        print(label, backend, "compiled", type(e).__module__, type(e).__name__, isinstance(e, RuntimeError), "graphs", graphs)
        text = re.sub(r"0x[0-9a-f]+", "0x?", str(e))
        for line in text.split("\n"):
            if line.startswith("from user code:"):
                break
            print("  |" + line)
    torch._dynamo.reset()


i = torch.arange(6).reshape(2, 3)
f = torch.ones(3, 4)


def mm(a, b):
    return torch.mm(a, b).sum()


def matmul_op(a, b):
    y = a @ b
    return y + 1


def bmm(a, b):
    return torch.bmm(a.unsqueeze(0), b.unsqueeze(0))


def linear(a, w):
    return F.linear(a, w.t())


def float_then_mm(a, b):
    c = b * 2
    return torch.mm(a, c)


lin = nn.Linear(3, 4)


def layer(a):
    return lin(a).relu()


show("mm", mm, i, f)
show("matmul", matmul_op, i, f)
show("bmm", bmm, i, f)
show("linear", linear, i, f)
show("mm after op", float_then_mm, i, f)
show("nn.Linear", layer, i)
show("mm", mm, i, f, backend="aot_eager")
show("nn.Linear", layer, i, backend="aot_eager")
show("mm shapes", mm, f, i)
