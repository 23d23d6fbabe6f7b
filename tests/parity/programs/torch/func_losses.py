import torch
import torch.nn as nn
import torch.nn.functional as F
# Losses with reduction modes: cross_entropy (indices, probabilities, smoothing, ignore), nll, mse, l1, bce.
logits = torch.tensor([[2.0, 0.0, -1.0], [0.5, 1.5, 0.0]])
target = torch.tensor([0, 1])
print(F.cross_entropy(logits, target))
print(F.cross_entropy(logits, target, reduction="sum"))
print(F.cross_entropy(logits, target, reduction="none"))
print(F.nll_loss(F.log_softmax(logits, dim=1), target))
print(F.cross_entropy(logits, torch.tensor([[1.0, 0.0, 0.0], [0.0, 0.5, 0.5]])))
print(F.cross_entropy(logits, target, label_smoothing=0.1))
print(F.cross_entropy(logits, torch.tensor([0, -100])), F.cross_entropy(logits, target, ignore_index=1))
print(F.cross_entropy(logits, target, weight=torch.tensor([1.0, 2.0, 1.0])))
pred = torch.tensor([1.0, 2.0, 3.0])
tgt = torch.tensor([1.5, 2.0, 1.0])
print(F.mse_loss(pred, tgt), F.mse_loss(pred, tgt, reduction="sum"), F.mse_loss(pred, tgt, reduction="none"))
print(F.l1_loss(pred, tgt), F.smooth_l1_loss(pred, tgt), F.huber_loss(pred, tgt, delta=0.5))
p = torch.tensor([0.25, 0.5, 0.75])
y = torch.tensor([0.0, 1.0, 1.0])
print(F.binary_cross_entropy(p, y), F.binary_cross_entropy(p, y, reduction="none"))
print(F.binary_cross_entropy_with_logits(torch.tensor([0.0, 2.0, -1.0]), y, reduction="none"))
loss_fn = nn.CrossEntropyLoss()
print(loss_fn, nn.MSELoss(reduction="sum"), nn.L1Loss(), nn.BCEWithLogitsLoss(), nn.NLLLoss())
print(loss_fn(logits, target), nn.MSELoss(reduction="none")(pred, tgt), loss_fn.reduction)
w = logits.clone().requires_grad_(True)
l = F.cross_entropy(w, target)
l.backward()
print(l, w.grad)
m = torch.tensor([0.5, -0.5], requires_grad=True)
F.mse_loss(m, torch.zeros(2)).backward()
print(m.grad)
seq = torch.tensor([[[1.0, 0.0], [0.0, 1.0]], [[0.5, 0.5], [2.0, 0.0]]])
print(F.cross_entropy(seq.reshape(-1, 2), torch.tensor([0, 1, 1, 0]), reduction="none"))
print(F.cross_entropy(seq.permute(0, 2, 1), torch.tensor([[0, 1], [1, 0]])))
try:
    F.cross_entropy(logits, torch.tensor([0, 3]))
except Exception as e:
    print(type(e).__name__, e)
try:
    F.cross_entropy(logits, torch.tensor([0.0, 1.0]))
except Exception as e:
    print(type(e).__name__, str(e)[:60])
