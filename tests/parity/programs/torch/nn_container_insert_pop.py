# Editing nn.Sequential / nn.ModuleList in place: insert (lucidrains' U-Nets prepend decoder blocks),
# pop, del with indices and slices (children renumbered from 0), + and +=, and their errors.
import torch
import torch.nn as nn

torch.manual_seed(0)
ml = nn.ModuleList([nn.ReLU(), nn.Tanh()])
ml.insert(0, nn.Sigmoid())
ml.insert(2, nn.ELU())
print(ml)
ml.insert(len(ml), nn.GELU())
print([type(m).__name__ for m in ml], list(dict(ml.named_children()).keys()))
print(ml.pop(1), [type(m).__name__ for m in ml])
del ml[-1]
del ml[0:2]
print(ml, len(ml))
ml2 = ml + nn.ModuleList([nn.SiLU(), nn.Identity()])
print(type(ml2).__name__, [type(m).__name__ for m in ml2])
ml += [nn.Softplus()]
print(ml)
try:
    del ml[5]
except IndexError as e:
    print('IndexError', e)

seq = nn.Sequential(nn.Linear(4, 3), nn.ReLU(), nn.Linear(3, 2))
seq.insert(1, nn.BatchNorm1d(3))
seq.insert(-1, nn.Dropout(0.0))
print(seq)
print(seq(torch.randn(5, 4)).shape)
print(seq.pop(2))
del seq[1]
print(seq, [n for n, _ in seq.named_parameters()])
sq2 = seq + nn.Sequential(nn.Tanh())
print(sq2, len(sq2))
seq += nn.Sequential(nn.Sigmoid(), nn.Softmax(dim=1))
print(seq, seq(torch.randn(2, 4)).sum(1))
for bad in [lambda: seq + [nn.ReLU()], lambda: seq.insert(10, nn.ReLU()), lambda: seq.insert(0, 'relu')]:
    try:
        bad()
    except (ValueError, IndexError, AssertionError) as e:
        print(type(e).__name__, e)
print(seq.state_dict().keys())
