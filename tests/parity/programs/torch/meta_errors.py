# What cannot be done with a meta tensor, with PyTorch's errors: reading a value (item, tolist,
# numpy), copying its (absent) data to the CPU, Module.to from meta, mixing devices in one op.
import torch
import torch.nn as nn

t = torch.empty(3, device="meta")
s = torch.empty((), device="meta")


def show(f):
    try:
        r = f()
        print("ok", r)
    except Exception as e:
        print(type(e).__name__ + ":", e)


show(lambda: s.item())
show(lambda: float(s))
show(lambda: t.tolist())
show(lambda: t.cpu())
show(lambda: t.to("cpu"))
show(lambda: torch.zeros(3).copy_(t))
show(lambda: t.numpy())
show(lambda: t + torch.ones(3))
show(lambda: torch.ones(3) + t)
show(lambda: t + torch.tensor(2.0))
show(lambda: t.copy_(torch.ones(3)))
show(lambda: nn.Linear(2, 2, device="meta").to("cpu"))
show(lambda: nn.Linear(2, 2, device="meta").to_empty(device="cpu").weight.shape)
show(lambda: torch.device("meta:0"))
