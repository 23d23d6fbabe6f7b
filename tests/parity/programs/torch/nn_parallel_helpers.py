# The DataParallel machinery copied DataParallel variants import (transformer-xl's BalancedDataParallel:
# torch.nn.parallel._functions.Scatter, parallel_apply), and what runs of it without a GPU:
# parallel_apply's argument check, scatter of non-tensor structures, gather's CPU refusal, the single-device path.
import collections
import torch
import torch.nn as nn
from torch.nn.parallel import DataParallel
from torch.nn.parallel._functions import Scatter, Gather
from torch.nn.parallel.parallel_apply import parallel_apply
from torch.nn.parallel.scatter_gather import scatter, scatter_kwargs, gather


class BalancedDataParallel(DataParallel):
    def __init__(self, gpu0_bsz, *args, **kwargs):
        self.gpu0_bsz = gpu0_bsz
        super().__init__(*args, **kwargs)

    def forward(self, *inputs, **kwargs):
        if not self.device_ids:
            return self.module(*inputs, **kwargs)
        raise RuntimeError("several GPUs")

    def parallel_apply(self, replicas, device_ids, inputs, kwargs):
        return parallel_apply(replicas, inputs, kwargs, device_ids[:len(inputs)])


torch.manual_seed(0)
m = nn.Linear(3, 2)
dp = BalancedDataParallel(2, m, device_ids=[])
x = torch.randn(4, 3)
print(torch.equal(dp(x), m(x)), dp.gpu0_bsz, list(dict(dp.named_parameters()).keys()))
a, b = nn.Linear(3, 1), nn.Linear(3, 1)
# parallel_apply itself enters torch.cuda.device even for one replica: PyTorch needs a GPU for it,
# so only its argument check runs here.
try:
    parallel_apply([a, b], [x])
except AssertionError as e:
    print("AssertionError:", e)
Point = collections.namedtuple("Point", "x y")
print(scatter(("tag", 3, None), [0, 1]))
print(scatter({"k": "v"}, [0, 1]), scatter([1, 2], [0, 1, 2]), scatter(Point(1, 2), [0, 1]))
print(scatter_kwargs(("a",), {"flag": True}, [0, 1]))
print(scatter_kwargs((), {"flag": True}, [0, 1]), scatter_kwargs(("a",), {}, [0]))
print(gather([None, None], 0), issubclass(Scatter, torch.autograd.Function), issubclass(Gather, torch.autograd.Function))
try:
    gather([torch.ones(2), torch.ones(2)], 0)
except AssertionError as e:
    print("AssertionError:", e)
