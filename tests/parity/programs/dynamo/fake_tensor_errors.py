# An op that fails while Dynamo traces it (shape mismatch, bad view, bad broadcast, index out of
# range) raises torch._dynamo.exc.TorchRuntimeError, PyTorch 2.11's "RuntimeError when making fake
# tensor call" whose explanation names the FX node (call_function / call_method, its target, the
# FakeTensor arguments) and the error the op raised. The message is printed up to "from user code:"
# with memory addresses masked; eager's own error is printed for comparison.
import re
import torch
import torch.nn as nn
import torch.nn.functional as F


def show(label, fn, *args):
    try:
        fn(*args)
        print(label, "eager ok")
    except Exception as e:
        print(label, "eager", type(e).__name__, str(e).splitlines()[0])
    cf = torch.compile(fn, backend="eager")
    try:
        cf(*args)
        print(label, "compiled ok")
    except Exception as e:
        print(label, "compiled", type(e).__module__, type(e).__name__, isinstance(e, RuntimeError))
        text = re.sub(r"0x[0-9a-f]+", "0x?", str(e))
        for line in text.split("\n"):
            if line.startswith("from user code:"):
                break
            print("  |" + line)
    torch._dynamo.reset()


a = torch.ones(2, 3)
b = torch.ones(4, 5)


def matmul(x, y):
    return (x @ y).relu()


def bad_view(x):
    return x.view(5, 7) * 2


def bad_add(x, y):
    z = x.sin()
    return z + y


def bad_cat(x, y):
    return torch.cat([x, y], dim=0)


def bad_linear(x):
    w = torch.ones(4, 5)
    return F.linear(x, w)


def bad_index(x):
    return x[5] + 1


lin = nn.Linear(5, 4)


def bad_module(x):
    return lin(x).sum()


def bad_module_3d(x):
    return lin(x.unsqueeze(0)).sum()


def bad_bmm(x, y):
    return torch.bmm(x, y)


def bad_reshape(x):
    return x.reshape(4, 4)


def bad_args(x):
    return torch.sin(x, x)


show("matmul", matmul, a, b)
show("view", bad_view, a)
show("add", bad_add, a, b)
show("cat", bad_cat, a, b)
show("linear", bad_linear, a)
show("index", bad_index, torch.ones(3))
show("module", bad_module, a)
show("module 3d", bad_module_3d, a)
show("bmm", bad_bmm, torch.ones(2, 2, 3), torch.ones(2, 4, 5))
show("reshape", bad_reshape, a)
show("bad args", bad_args, a)
