# nn.parallel.DistributedDataParallel in a process group of one (gloo, rank 0), as MoCo's and Barlow
# Twins' main_worker wrap their models: refused before init_process_group; the constructor's checks
# (device_ids on a CPU module, a module without trainable parameters); then the wrapper's repr, the
# "module." state_dict keys, forward/backward equal to the bare module (one rank: nothing to average),
# no_sync toggling require_backward_grad_sync, and SGD steps matching an unwrapped copy.
import os

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.nn.parallel import DistributedDataParallel as DDP

torch.manual_seed(0)
net = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Linear(8, 2))
try:
    DDP(net)
except (RuntimeError, ValueError) as e:
    print(type(e).__name__ + ":", e)
os.environ["MASTER_ADDR"] = "127.0.0.1"
os.environ["MASTER_PORT"] = "29519"
dist.init_process_group("gloo", rank=0, world_size=1)
for bad in [lambda: DDP(net, device_ids=[0]), lambda: DDP(nn.Linear(2, 2).requires_grad_(False))]:
    try:
        bad()
    except (RuntimeError, ValueError) as e:
        print(type(e).__name__ + ":", e)
ref = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Linear(8, 2))
ref.load_state_dict(net.state_dict())
model = DDP(net)
print(model)
print(list(model.state_dict().keys())[:4], model.module is net, model.device_ids, model.dim)
print(model.require_backward_grad_sync, model.broadcast_buffers, model.find_unused_parameters)
with model.no_sync():
    print("inside no_sync", model.require_backward_grad_sync)
print("after", model.require_backward_grad_sync)
opt = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)
ref_opt = torch.optim.SGD(ref.parameters(), lr=0.1, momentum=0.9)
x, y = torch.randn(6, 4), torch.randint(0, 2, (6,))
for step in range(3):
    losses = []
    for m, o in ((model, opt), (ref, ref_opt)):
        o.zero_grad()
        loss = nn.functional.cross_entropy(m(x), y)
        loss.backward()
        o.step()
        losses.append(loss.item())
    print(step, f"{losses[0]:.4f}", f"{losses[1]:.4f}")
print(all(torch.allclose(a, b) for a, b in zip(net.state_dict().values(), ref.state_dict().values())))
ck = {k[len("module."):]: v for k, v in model.state_dict().items()}
fresh = nn.Sequential(nn.Linear(4, 8), nn.BatchNorm1d(8), nn.ReLU(), nn.Linear(8, 2))
print(fresh.load_state_dict(ck))
dist.destroy_process_group()
