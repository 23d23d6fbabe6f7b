# torch.nn.modules re-exports its layer classes, and torch.nn.modules.loss has the bases user losses
# subclass: `from torch.nn.modules import Module`, `class FocalLoss(_WeightedLoss)`.
import torch
import torch.nn.functional as F
from torch.nn.modules import Module, Linear, Conv2d, loss, conv
from torch.nn.modules.loss import _Loss, _WeightedLoss
import torch.nn.modules as modules

print(Module is torch.nn.Module, Linear is torch.nn.Linear, Conv2d is conv.Conv2d)
print(loss.MSELoss is torch.nn.MSELoss, modules.LSTM is torch.nn.LSTM, modules.ConvTranspose2d is torch.nn.ConvTranspose2d)
print(_Loss.__module__, _WeightedLoss.__module__, issubclass(_WeightedLoss, _Loss), issubclass(_Loss, Module))
for name in ("Parameter", "functional"):
    try:
        getattr(modules, name)
    except AttributeError as e:
        print("AttributeError:", e)


class FocalLoss(_WeightedLoss):
    def __init__(self, weight=None, gamma=2.0, reduction="mean"):
        super().__init__(weight, reduction=reduction)
        self.gamma = gamma

    def forward(self, logits, target):
        logp = F.log_softmax(logits, dim=1)
        ce = F.nll_loss(logp, target, weight=self.weight, reduction="none")
        p = logp.gather(1, target.unsqueeze(1)).squeeze(1).exp()
        out = (1 - p) ** self.gamma * ce
        return out.mean() if self.reduction == "mean" else out.sum()


class Dice(_Loss):
    def __init__(self, size_average=None, reduce=None):
        super().__init__(size_average, reduce)

    def forward(self, x, y):
        inter = (x.sigmoid() * y).sum()
        return 1 - 2 * inter / (x.sigmoid().sum() + y.sum())


torch.manual_seed(0)
logits = torch.randn(6, 3, requires_grad=True)
target = torch.tensor([0, 1, 2, 1, 0, 2])
f = FocalLoss(torch.tensor([1.0, 2.0, 0.5]))
print(f, f.reduction, list(f.state_dict().keys()), f.weight)
print(FocalLoss().weight, FocalLoss(reduction="sum").reduction, list(dict(f.named_buffers()).keys()))
out = f(logits, target)
out.backward()
print(round(out.item(), 4), logits.grad.abs().sum().round(decimals=4))
d = Dice(size_average=False)
print(d.reduction, round(d(torch.randn(4), torch.tensor([0.0, 1.0, 1.0, 0.0])).item(), 4))
print(Dice(reduce=False).reduction, isinstance(f, _Loss), isinstance(torch.nn.MSELoss(), Module))
