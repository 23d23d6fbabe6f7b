import torch
import torch.nn as nn
from torch.nn.modules.loss import _Loss, _WeightedLoss
# The built-in losses are _Loss / _WeightedLoss instances as in PyTorch (IBM/pytorch-seq2seq's Loss
# wrapper refuses a criterion that is not `nn.modules.loss._Loss`), user losses derive from both
# bases with the legacy size_average/reduce arguments, and the weighted ones hold `weight` as a buffer.
weighted = [nn.NLLLoss, nn.CrossEntropyLoss, nn.BCELoss, nn.MultiLabelSoftMarginLoss, nn.MultiMarginLoss]
plain = [nn.MSELoss, nn.L1Loss, nn.SmoothL1Loss, nn.HuberLoss, nn.BCEWithLogitsLoss, nn.KLDivLoss,
         nn.CosineEmbeddingLoss, nn.MarginRankingLoss, nn.TripletMarginLoss, nn.PoissonNLLLoss, nn.CTCLoss]
for cls in weighted + plain:
    m = cls()
    print(cls.__name__, isinstance(m, _Loss), isinstance(m, _WeightedLoss), issubclass(cls, _Loss),
          issubclass(cls, _WeightedLoss), m.reduction)
print(isinstance(nn.ReLU(), _Loss), issubclass(nn.Linear, _WeightedLoss), isinstance(3, _Loss))


class Criterion:
    def __init__(self, name, criterion):
        if not issubclass(type(criterion), nn.modules.loss._Loss):
            raise ValueError("Criterion has to be a subclass of torch.nn._Loss")
        self.name = name
        self.criterion = criterion


print(Criterion("nll", nn.NLLLoss(reduction="sum")).criterion)
try:
    Criterion("bad", nn.Softmax(dim=1))
except ValueError as e:
    print("ValueError", e)


class FocalLoss(_WeightedLoss):
    def __init__(self, weight=None, gamma=2.0, size_average=None, reduce=None, reduction="mean"):
        super().__init__(weight, size_average, reduce, reduction)
        self.gamma = gamma

    def forward(self, logits, target):
        logp = torch.log_softmax(logits, dim=1)
        p = logp.exp()
        return nn.functional.nll_loss((1 - p) ** self.gamma * logp, target, weight=self.weight, reduction=self.reduction)


class Scaled(_Loss):
    def forward(self, a, b):
        d = (a - b).abs()
        return d.sum() if self.reduction == "sum" else d.mean()


torch.manual_seed(0)
x, y = torch.randn(4, 3), torch.tensor([0, 2, 1, 2])
f = FocalLoss(weight=torch.tensor([1.0, 2.0, 0.5]))
print(f, f.reduction, sorted(dict(f.named_buffers())), f"{f(x, y).item():.4f}")
print(f"{FocalLoss(size_average=False)(x, y).item():.4f}", Scaled(reduce=False).reduction, Scaled().reduction)
print(f"{Scaled()(x, torch.zeros(4, 3)).item():.4f}", isinstance(f, _Loss), issubclass(Scaled, _WeightedLoss))
