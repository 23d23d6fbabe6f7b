# The DataParallel internals vendored Synchronized-BatchNorm code (vacancy/Synchronized-BatchNorm-PyTorch,
# copied into pytorch-deeplab-xception, semantic-segmentation-pytorch, ...) imports at module top:
# torch.nn.parallel._functions' Broadcast and ReduceAddCoalesced, and DataParallel from
# torch.nn.parallel.data_parallel, whose replicate step patch_replication_callback wraps. Without a GPU
# the model runs its plain BatchNorm path; the functions refuse CPU tensors as PyTorch's do.
import functools

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd import Function
from torch.nn.modules.batchnorm import _BatchNorm
from torch.nn.parallel._functions import ReduceAddCoalesced, Broadcast
from torch.nn.parallel.data_parallel import DataParallel
import torch.nn.parallel as parallel

print(issubclass(Broadcast, Function), issubclass(ReduceAddCoalesced, Function))
print(DataParallel is parallel.DataParallel, DataParallel.__module__, parallel.data_parallel.__module__)
print([n for n in ("replicate", "scatter", "parallel_apply", "gather") if callable(getattr(DataParallel, n, None))])


class SyncBN(_BatchNorm):
    def __init__(self, num_features):
        super().__init__(num_features)
        self._is_parallel = False

    def forward(self, input):
        if not (self._is_parallel and self.training):
            return F.batch_norm(input, self.running_mean, self.running_var, self.weight, self.bias,
                                self.training, self.momentum, self.eps)
        raise RuntimeError("the parallel path needs several GPUs")

    def __data_parallel_replicate__(self, ctx, copy_id):
        self._is_parallel = True


def patch_replication_callback(data_parallel):
    assert isinstance(data_parallel, DataParallel)
    old_replicate = data_parallel.replicate

    @functools.wraps(old_replicate)
    def new_replicate(module, device_ids):
        return old_replicate(module, device_ids)

    data_parallel.replicate = new_replicate
    return old_replicate


torch.manual_seed(0)
net = nn.Sequential(nn.Conv2d(3, 4, 3), SyncBN(4), nn.ReLU())
dp = DataParallel(net)
old = patch_replication_callback(dp)
print(old.__name__, dp.replicate.__name__, dp.replicate.__wrapped__ == old)
x = torch.randn(2, 3, 5, 5)
y = dp(x)
print(y.shape, round(float(y.mean()), 4), [round(v, 4) for v in net[1].running_mean.tolist()])
print(list(dp.state_dict())[:3])
try:
    Broadcast.apply([0], torch.ones(2))
except AssertionError as e:
    print("AssertionError:", e)
