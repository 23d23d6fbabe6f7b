import torch
import torch.nn as nn
import torch.nn.functional as F

# LogSigmoid, Softshrink, Hardshrink, Tanhshrink, Softmax2d, AdaptiveMaxPool1d/2d,
# LocalResponseNorm, Bilinear, MultiMarginLoss, MultiLabelMarginLoss: reprs, values, gradients.
x = torch.tensor([[-2.0, -0.3, 0.0, 0.4, 1.5]], requires_grad=True)
for m in [nn.LogSigmoid(), nn.Softshrink(), nn.Softshrink(0.25), nn.Hardshrink(), nn.Hardshrink(0.35), nn.Tanhshrink()]:
    y = m(x)
    x.grad = None
    y.sum().backward()
    print(m, [round(v, 4) for v in y[0].tolist()], [round(v, 4) for v in x.grad[0].tolist()])
print(nn.Softmax2d()(torch.tensor([[[[0.0]], [[1.0]]]])).reshape(-1).tolist())
s = torch.tensor([[[1.0, 5.0, 2.0, 4.0, 3.0]]])
print(nn.AdaptiveMaxPool1d(2), nn.AdaptiveMaxPool1d(3)(s).tolist(), nn.AdaptiveMaxPool1d(2, return_indices=True)(s))
print(nn.AdaptiveMaxPool2d((1, 2)), nn.AdaptiveMaxPool2d(1)(torch.arange(6.0).reshape(1, 1, 2, 3)).tolist())
lrn = nn.LocalResponseNorm(3, alpha=0.5, beta=1.0, k=1.0)
print(lrn, lrn(torch.tensor([[1.0, 2.0, 0.0, 1.0]]).reshape(1, 4, 1, 1)).reshape(-1).tolist())
print(lrn(torch.ones(1, 2, 3)).tolist())
b = nn.Bilinear(2, 3, 2)
print(b, [(n, tuple(p.shape)) for n, p in b.named_parameters()])
with torch.no_grad():
    b.weight.copy_(torch.arange(12.0).reshape(2, 2, 3))
    b.bias.copy_(torch.tensor([0.5, -0.5]))
x1 = torch.tensor([[1.0, 2.0], [0.0, 1.0]], requires_grad=True)
x2 = torch.tensor([[1.0, 0.0, -1.0], [2.0, 1.0, 0.0]])
out = b(x1, x2)
out.sum().backward()
print(out, x1.grad)
scores = torch.tensor([[0.1, 0.2, 0.4, 0.8], [0.5, 0.1, 0.9, 0.2]], requires_grad=True)
for m in [nn.MultiMarginLoss(), nn.MultiMarginLoss(p=2, margin=0.5), nn.MultiMarginLoss(weight=torch.tensor([1.0, 2.0, 0.5, 1.0])),
          nn.MultiMarginLoss(reduction="none")]:
    loss = m(scores, torch.tensor([3, 0]))
    print(m, [round(v, 6) for v in loss.reshape(-1).tolist()])
labels = torch.tensor([[3, 0, -1, 1], [2, -1, 0, 1]])
for red in ["mean", "sum", "none"]:
    scores.grad = None
    loss = nn.MultiLabelMarginLoss(reduction=red)(scores, labels)
    loss.sum().backward()
    print(red, [round(v, 6) for v in loss.reshape(-1).tolist()], [[round(v, 4) for v in r] for r in scores.grad.tolist()])
ew = nn.Parameter(torch.tensor([[0.0, 0, 0], [3, 4, 0], [0.3, 0.4, 0], [1, 2, 2], [2, 0, 0]]))
print(F.embedding(torch.tensor([[1, 2], [1, 3]]), ew, padding_idx=0, max_norm=1.0), ew)
w = torch.tensor([[3.0, 4.0], [1.0, 0.0]])
print(F.embedding(torch.tensor([0, 1]), w, max_norm=2.0, norm_type=1.0), w)
