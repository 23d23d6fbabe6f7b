# torch.distributed.optim.ZeroRedundancyOptimizer in a process group of one (gloo, rank 0), as a
# DDP-ready script runs on one machine: refused before init_process_group, then stepping the wrapped
# AdamW over every parameter, zero_grad, and state_dict only after consolidate_state_dict.
import os

import torch
import torch.distributed as dist
from torch.distributed.optim import ZeroRedundancyOptimizer

torch.manual_seed(0)
try:
    ZeroRedundancyOptimizer([torch.nn.Parameter(torch.ones(2))], optimizer_class=torch.optim.SGD, lr=0.1)
except ValueError as e:
    print("ValueError:", e)
os.environ["MASTER_ADDR"] = "127.0.0.1"
os.environ["MASTER_PORT"] = "29517"
dist.init_process_group("gloo", rank=0, world_size=1)
m = torch.nn.Linear(3, 1)
ref = torch.nn.Linear(3, 1)
ref.load_state_dict(m.state_dict())
opt = ZeroRedundancyOptimizer(m.parameters(), optimizer_class=torch.optim.AdamW, lr=0.01, weight_decay=0.1)
ref_opt = torch.optim.AdamW(ref.parameters(), lr=0.01, weight_decay=0.1)
x = torch.randn(4, 3)
for _ in range(3):
    for model, o in ((m, opt), (ref, ref_opt)):
        o.zero_grad()
        model(x).pow(2).sum().backward()
        o.step()
print(torch.allclose(m.weight, ref.weight), torch.allclose(m.bias, ref.bias))
print(len(opt.param_groups), opt.param_groups[0]["lr"], isinstance(opt, torch.optim.Optimizer))
opt.zero_grad()
print(m.weight.grad)
try:
    opt.state_dict()
except RuntimeError as e:
    print("RuntimeError:", e)
opt.consolidate_state_dict(to=0)
sd = opt.state_dict()
print(sorted(sd.keys()), len(sd["state"]), sd["param_groups"][0]["lr"])
dist.destroy_process_group()
