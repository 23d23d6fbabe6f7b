import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.modules.batchnorm import _BatchNorm, _NormBase
from torch.nn.modules.instancenorm import _InstanceNorm
# torch/nn/modules/batchnorm.py's classes: _NormBase -> _BatchNorm -> BatchNorm1d/2d/3d and SyncBatchNorm,
# _InstanceNorm on _NormBase; isinstance checks, _version, _check_input_dim, user subclasses (timm style).
torch.manual_seed(0)
print([c.__name__ for c in nn.BatchNorm2d.__mro__])
print([c.__name__ for c in nn.SyncBatchNorm.__mro__])
print([c.__name__ for c in nn.InstanceNorm2d.__mro__])
print(nn.BatchNorm1d.__module__, nn.SyncBatchNorm.__module__, _InstanceNorm.__module__)
layers = [nn.BatchNorm1d(3), nn.BatchNorm2d(3), nn.BatchNorm3d(3), nn.SyncBatchNorm(3), nn.InstanceNorm2d(3),
          nn.LayerNorm(3), nn.GroupNorm(1, 3)]
for m in layers:
    print(type(m).__name__, isinstance(m, _BatchNorm), isinstance(m, _NormBase), isinstance(m, _InstanceNorm))
print(nn.Module._version, _NormBase._version, nn.BatchNorm2d._version, nn.InstanceNorm1d._version,
      nn.Linear._version)
print(hasattr(nn, "_BatchNorm"), hasattr(nn, "SyncBatchNorm"))

# The dimension checks.
for m, x in [(nn.BatchNorm1d(3), torch.randn(2, 3, 4, 4)), (nn.BatchNorm2d(3), torch.randn(2, 3)),
             (nn.BatchNorm3d(3), torch.randn(2, 3, 4)), (nn.SyncBatchNorm(3), torch.randn(3)),
             (nn.InstanceNorm3d(3), torch.randn(3, 4))]:
    try:
        m(x)
    except ValueError as e:
        print(type(m).__name__, "ValueError:", e)
try:
    nn.SyncBatchNorm(3)._check_non_zero_input_channels(torch.randn(2, 0, 4))
except ValueError as e:
    print("ValueError:", e)
try:
    nn.BatchNorm2d(3)._check_input_dim(torch.randn(2))
except ValueError as e:
    print("ValueError:", e)

# SyncBatchNorm in one process computes _BatchNorm's result and updates the same statistics.
x = torch.randn(4, 3, 5, 5)
sbn, bn = nn.SyncBatchNorm(3, momentum=None), nn.BatchNorm2d(3, momentum=None)
print(sbn)
print(sbn.process_group)
for _ in range(2):
    a, b = sbn(x * 2 + 1), bn(x * 2 + 1)
print(torch.allclose(a, b), sbn.num_batches_tracked, bn.num_batches_tracked)
print(sbn.running_mean.round(decimals=4), sbn.running_var.round(decimals=4))
sbn.eval()
print(sbn(x)[0, :, 0, 0].round(decimals=4))

# convert_sync_batchnorm keeps the tensors (the same Parameter objects) and the training flag.
net = nn.Sequential(nn.Conv2d(3, 4, 3), nn.BatchNorm2d(4), nn.ReLU(),
                    nn.Sequential(nn.Flatten(), nn.BatchNorm1d(36, affine=False)))
net[1].eval()
w = net[1].weight
conv = nn.SyncBatchNorm.convert_sync_batchnorm(net)
print(conv is net)
print(conv)
print(conv[1].weight is w, conv[1].training, conv[3][1].training, conv[3][1].weight)
single = nn.SyncBatchNorm.convert_sync_batchnorm(nn.BatchNorm1d(2, eps=1e-3))
print(type(single).__name__, single.eps, single.num_batches_tracked)


# User subclasses: a BatchNorm2d whose forward adds an activation and calls _check_input_dim,
# a _BatchNorm with its own _check_input_dim, one overriding _check_input_dim and using super().forward.
class BatchNormAct2d(nn.BatchNorm2d):
    def __init__(self, num_features, act=True):
        super().__init__(num_features)
        self.act = nn.ReLU() if act else nn.Identity()

    def forward(self, x):
        self._check_input_dim(x)
        x = F.batch_norm(x, self.running_mean, self.running_var, self.weight, self.bias, self.training,
                         self.momentum, self.eps)
        return self.act(x)


class SeqNorm(_BatchNorm):
    def _check_input_dim(self, input):
        if input.dim() != 3:
            raise ValueError(f"SeqNorm wants (N, C, L), got {input.dim()}D")


class Loud2d(nn.BatchNorm2d):
    def _check_input_dim(self, input):
        print("checking", tuple(input.shape))
        super()._check_input_dim(input)


m = BatchNormAct2d(3)
print(m)
print(m(x).min().item() >= 0, m.running_mean.round(decimals=4))
s = SeqNorm(3)
print(s, isinstance(s, nn.BatchNorm1d), isinstance(s, _BatchNorm))
print(s(torch.randn(2, 3, 6)).shape, s.num_batches_tracked)
try:
    s(torch.randn(2, 3))
except ValueError as e:
    print("ValueError:", e)
loud = Loud2d(3)
print(loud(x).shape)
try:
    loud(torch.randn(2, 3))
except ValueError as e:
    print("ValueError:", e)
try:
    _BatchNorm(3)(x)
except NotImplementedError as e:
    print("NotImplementedError", repr(e))
try:
    _NormBase(3)(x)
except NotImplementedError as e:
    print("NotImplementedError:", e)
base = _NormBase(2, momentum=None, affine=False)
print(base, base.weight, base.running_var)
base.reset_parameters()
print(sorted(base.state_dict().keys()))
inorm = nn.InstanceNorm3d(2, affine=True)
print(inorm, inorm(torch.randn(1, 2, 2, 2, 3)).shape, [n for n, _ in inorm.named_parameters()])
