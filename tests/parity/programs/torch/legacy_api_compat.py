# PyTorch 0.3/0.4-era idioms that PyTorch 2.11 still runs (vinhkhuc/PyTorch-Mini-Tutorials, GunhoChoi's
# FastCampus notebooks) and a NumPy integer where an int parameter is expected (vwxyzjn/cleanrl's
# nn.Linear(np.array(env.single_observation_space.shape).prod(), 64)):
# reduction='elementwise_mean' (still 'mean', with a deprecation warning on each call),
# Variable.volatile (always False, with a warning; assigning it only warns), numpy.int64 sizes.
import warnings

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd import Variable

warnings.simplefilter("ignore")
torch.manual_seed(0)
x, y = torch.randn(4, 3), torch.randn(4, 3)
mse = nn.MSELoss(reduction='elementwise_mean')
print(mse.reduction, round(mse(x, y).item(), 4), round(F.mse_loss(x, y).item(), 4))
ce = nn.CrossEntropyLoss(reduction='elementwise_mean')
t = torch.tensor([0, 2, 1, 1])
print(round(ce(x, t).item(), 4), round(F.cross_entropy(x, t, reduction='elementwise_mean').item(), 4))
print(round(F.l1_loss(x, y, reduction='elementwise_mean').item(), 4),
      round(F.smooth_l1_loss(x, y, reduction='elementwise_mean').item(), 4),
      round(nn.NLLLoss(reduction='elementwise_mean')(F.log_softmax(x, 1), t).item(), 4))
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    mse(x, y)
    print([str(m.message) for m in w])
try:
    nn.MSELoss(reduction='avg')(x, y)
except ValueError as e:
    print("ValueError:", e)

v = Variable(torch.ones(2), requires_grad=True)
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    print(v.volatile, torch.zeros(1).volatile)
    v.volatile = True
    print(v.volatile, v.requires_grad)
    print([str(m.message) for m in w])

shape = (4,)
layer = nn.Linear(np.array(shape).prod(), np.int64(3))
print(layer, layer.weight.shape)
print(torch.zeros(np.int64(2), 3).shape, torch.ones(3, 4).sum(dim=np.int32(1)), torch.arange(6).view(np.int64(2), -1).shape)
print(nn.Embedding(np.int64(5), np.int32(2)).weight.shape, torch.randn(5, 4).narrow(np.int64(0), 1, 2).shape)
i = np.random.RandomState(0).permutation(5)[0]
print(i, torch.arange(6)[np.int64(1):np.int64(4)], torch.arange(10)[np.int32(1)::np.int64(3)], torch.arange(8)[i:i + 2])
