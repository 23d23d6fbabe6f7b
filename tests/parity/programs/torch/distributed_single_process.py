# torch.distributed in one process: availability, the uninitialized-group errors that DDP-ready
# scripts hit, the env:// rendezvous error, a gloo group of one (rank 0 of 1, identity collectives),
# destroy_process_group; DistributedSampler's per-rank shares with shuffling per epoch, padding and
# drop_last, and its errors.
import os
import torch
import torch.distributed as dist
from torch.utils.data import DataLoader, DistributedSampler, TensorDataset

print(dist.is_available(), dist.is_initialized(), dist.is_torchelastic_launched())
for fn in (dist.get_rank, dist.get_world_size, dist.barrier):
    try:
        fn()
    except ValueError as e:
        print(fn.__name__, "ValueError:", e)
for k in ("RANK", "WORLD_SIZE", "MASTER_ADDR", "MASTER_PORT"):
    os.environ.pop(k, None)
try:
    dist.init_process_group("gloo")
except ValueError as e:
    print("ValueError:", e)
os.environ["RANK"] = "0"
try:
    dist.init_process_group("gloo")
except ValueError as e:
    print("ValueError:", e)
dist.init_process_group("gloo", init_method="tcp://127.0.0.1:29512", rank=0, world_size=1)
print(dist.is_initialized(), dist.get_rank(), dist.get_world_size(), dist.get_backend())
try:
    dist.init_process_group("gloo", init_method="tcp://127.0.0.1:29512", rank=0, world_size=1)
except ValueError as e:
    print("ValueError:", e)
t = torch.arange(4.0)
print(dist.all_reduce(t), t.tolist(), dist.ReduceOp.SUM, dist.ReduceOp.MAX)
dist.all_reduce(t, op=dist.ReduceOp.MAX)
work = dist.all_reduce(t, async_op=True)
work.wait()
print(t.tolist())
gathered = [torch.zeros(4)]
dist.all_gather(gathered, t)
print(gathered[0].tolist())
dist.broadcast(t, src=0)
objs = [None]
dist.all_gather_object(objs, {"loss": 0.5})
print(objs)
dist.barrier()
dist.destroy_process_group()
print(dist.is_initialized())

data = list(range(10))
for rank in range(3):
    s = DistributedSampler(data, num_replicas=3, rank=rank, shuffle=False)
    print(rank, len(s), list(s))
s = DistributedSampler(data, num_replicas=3, rank=2, drop_last=True)
print(len(s), s.total_size, list(s))
s = DistributedSampler(data, num_replicas=2, rank=0, seed=7)
for epoch in range(3):
    s.set_epoch(epoch)
    print(epoch, list(s))
ds = TensorDataset(torch.arange(8.0).reshape(8, 1))
loader = DataLoader(ds, batch_size=3, sampler=DistributedSampler(ds, num_replicas=2, rank=1))
print([b[0].flatten().tolist() for b in loader])
for bad in (lambda: DistributedSampler(data, num_replicas=2, rank=2), lambda: DistributedSampler(data)):
    try:
        bad()
    except ValueError as e:
        print("ValueError:", e)
