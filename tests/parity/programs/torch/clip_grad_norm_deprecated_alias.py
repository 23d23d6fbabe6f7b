# torch.nn.utils.clip_grad_norm, the pre-0.4 name old RL and seq2seq loops still call (NAF/DDPG,
# early translation tutorials): it clips like clip_grad_norm_ and returns the total norm, with a
# FutureWarning attributed to the caller; positional norm_type and a single tensor work as in
# clip_grad_norm_.
import warnings

import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 3), nn.Tanh(), nn.Linear(3, 1))
model(torch.randn(5, 4)).pow(2).sum().backward()

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    total = torch.nn.utils.clip_grad_norm(model.parameters(), 0.5)
print(type(total).__name__, total.dtype, round(total.item(), 4))
print(len(caught), caught[0].category.__name__)
print(caught[0].message)
print(caught[0].filename == __file__)
after = torch.sqrt(sum(p.grad.pow(2).sum() for p in model.parameters()))
print(round(after.item(), 4))

w = torch.ones(3, requires_grad=True)
(w * torch.tensor([3.0, -4.0, 12.0])).sum().backward()
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    n = nn.utils.clip_grad_norm(w, 1.0, 1)
print(round(n.item(), 4), [round(v, 4) for v in w.grad.tolist()])
print(nn.utils.clip_grad_norm.__name__)
