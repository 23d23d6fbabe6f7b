# torch.utils.checkpoint: reentrant (CheckpointFunctionBackward, gradients equal to a plain call, the warnings) and
# non-reentrant checkpoints, checkpoint_sequential, and the torch.nn helper modules real layer code imports.
import warnings
import torch
import torch.nn as nn
from torch.utils.checkpoint import checkpoint, checkpoint_sequential
from torch.nn.parameter import Parameter
from torch.nn.modules.utils import _pair, _triple
from torch.nn.common_types import _size_2_t
import torch.types
print(_pair(3), _triple((1, 2, 3)), _size_2_t, torch.types.Number, Parameter)
torch.manual_seed(0)
lin = nn.Sequential(nn.Linear(3, 4), nn.Tanh(), nn.Linear(4, 2))
x = torch.randn(5, 3, requires_grad=True)
ref = lin(x).sum()
ref.backward()
g_ref = [p.grad.clone() for p in lin.parameters()] + [x.grad.clone()]
for p in lin.parameters():
    p.grad = None
x.grad = None
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    y = checkpoint(lin, x)
    print(len(w), str(w[0].message)[:80])
print(type(y.grad_fn).__name__)
y.sum().backward()
print(all(torch.allclose(a, b) for a, b in zip(g_ref, [p.grad for p in lin.parameters()] + [x.grad])))
y2 = checkpoint(lin, x, use_reentrant=False)
print(type(y2.grad_fn).__name__, torch.allclose(y, y2))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    y3 = checkpoint(lin, torch.randn(2, 3), use_reentrant=True)
    print([str(m.message) for m in w], y3.requires_grad)
d = nn.Sequential(nn.Linear(3, 3), nn.Dropout(0.5), nn.ReLU(), nn.Linear(3, 3))
d.train()
z = torch.randn(4, 3, requires_grad=True)
out = checkpoint_sequential(d, 2, z, use_reentrant=True)
out.sum().backward()
print(out.shape, z.grad.shape, type(out.grad_fn).__name__)
try:
    checkpoint(lin, x, use_reentrant=True, foo=1)
except ValueError as e:
    print("ValueError", e)
