# size(d) and stride(d) of a 0-dim tensor raise IndexError (c10 wraps dims there without the scalar
# allowance reductions have); a 0-dim class target with a (1, C) input, as spro's char-RNN tutorials
# pass target[i] (written for PyTorch 0.3's 1-element tensors), is a batch-size error, not a crash.
import torch
import torch.nn as nn
import torch.nn.functional as F

t = torch.tensor(3.0)
for f in (lambda: t.size(0), lambda: t.size(-1), lambda: t.stride(0), lambda: t.shape[0], lambda: t.size()):
    try:
        print(f())
    except IndexError as e:
        print("IndexError:", e)
print(torch.tensor([1.0, 2.0]).size(-1), t.dim(), t.sum(0), t.sum(-1))
try:
    nn.CrossEntropyLoss()(torch.randn(1, 5), torch.tensor([3, 1, 2])[1])
except Exception as e:
    print(type(e).__name__, e)
try:
    F.nll_loss(torch.randn(2, 5).log_softmax(1), torch.tensor(2))
except Exception as e:
    print(type(e).__name__, e)
print(F.cross_entropy(torch.zeros(5), torch.tensor(2)).item())
