import torch
import torch.nn as nn
import torch.nn.functional as F
# F.triplet_margin_with_distance_loss / nn.TripletMarginWithDistanceLoss: the default pairwise
# distance, a custom distance callable (cosine distance, a lambda, an nn.Module), swap, the three
# reductions, gradients with their grad_fn names, the module's repr, and PyTorch's errors.

a = torch.linspace(-1.0, 1.0, 4 * 5).reshape(4, 5).requires_grad_(True)
p = torch.cos(torch.linspace(0.0, 3.0, 20)).reshape(4, 5)
n = torch.sin(torch.linspace(0.5, 4.0, 20)).reshape(4, 5)


def cosine_distance(x, y):
    return 1.0 - F.cosine_similarity(x, y)


for kw in [{}, {"margin": 0.5}, {"swap": True}, {"reduction": "sum"}, {"reduction": "none"},
           {"distance_function": cosine_distance, "margin": 0.3},
           {"distance_function": lambda x, y: (x - y).abs().sum(-1), "swap": True, "reduction": "none"},
           {"distance_function": nn.PairwiseDistance(p=1.0)}]:
    out = F.triplet_margin_with_distance_loss(a, p, n, **kw)
    g, = torch.autograd.grad(out.sum(), a)
    shown = {k: (v if not callable(v) else "fn") for k, v in kw.items()}
    print(shown, [round(v, 4) for v in out.reshape(-1).tolist()], out.grad_fn.name(), round(g.abs().sum().item(), 4))

m = nn.TripletMarginWithDistanceLoss()
print(m)
print(m.margin, m.swap, m.reduction, type(m.distance_function).__name__)
m2 = nn.TripletMarginWithDistanceLoss(distance_function=cosine_distance, margin=0.2, swap=True, reduction="sum")
print(m2, m2.distance_function is cosine_distance)
print(round(m(a, p, n).item(), 4), round(m2(a, p, n).item(), 4))
print(torch.allclose(m(a, p, n), F.triplet_margin_loss(a, p, n, eps=0.0), atol=1e-3))

for bad in [lambda: F.triplet_margin_with_distance_loss(a, p, n, reduction="avg"),
            lambda: F.triplet_margin_with_distance_loss(a, p, n, margin=0.0),
            lambda: F.triplet_margin_with_distance_loss(a, p, n[0]),
            lambda: nn.TripletMarginWithDistanceLoss(margin=-1.0)]:
    try:
        bad()
    except (ValueError, RuntimeError) as e:
        print(type(e).__name__, e)
