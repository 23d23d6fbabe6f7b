import torch
import torch.nn as nn
from torch.nn.utils import prune
# torch.nn.utils.prune: l1/random unstructured, ln/random structured, global_unstructured,
# custom_from_mask, identity; the weight_orig parameter, weight_mask buffer and forward pre-hook;
# iterative pruning through a PruningContainer; remove and is_pruned; state_dict keys; training
# through a pruned layer; PyTorch's errors.

def names(m):
    return [n for n, _ in m.named_parameters()], [n for n, _ in m.named_buffers()]

torch.manual_seed(0)
lin = nn.Linear(4, 3)
print(prune.is_pruned(lin))
prune.l1_unstructured(lin, "weight", amount=0.5)
print(names(lin), list(lin.state_dict().keys()))
print(lin.weight_mask.tolist())
print(lin.weight.round(decimals=4).tolist(), type(lin.weight.grad_fn).__name__)
print(prune.is_pruned(lin), [type(h).__name__ for h in lin._forward_pre_hooks.values()])

# pruning again: a PruningContainer, the new mask only over the entries still kept
prune.l1_unstructured(lin, "weight", amount=2)
hook = list(lin._forward_pre_hooks.values())[0]
print(type(hook).__name__, len(hook), [type(h).__name__ for h in hook], hook._tensor_name)
print(lin.weight_mask.tolist())

# the pre-hook recomputes weight from weight_orig before every forward
opt = torch.optim.SGD(lin.parameters(), lr=0.5)
x = torch.linspace(-1.0, 1.0, 8).reshape(2, 4)
for _ in range(2):
    opt.zero_grad()
    loss = lin(x).pow(2).sum()
    loss.backward()
    opt.step()
print(round(loss.item(), 4), lin.weight_orig.grad.round(decimals=4).tolist())
print((lin.weight == 0).sum().item(), lin.weight.round(decimals=4).tolist())

prune.remove(lin, "weight")
print(names(lin), prune.is_pruned(lin), len(lin._forward_pre_hooks), (lin.weight == 0).sum().item())
print(type(lin.weight).__name__)

# random unstructured, bias
torch.manual_seed(1)
r = nn.Linear(5, 4)
prune.random_unstructured(r, "weight", amount=0.3)
print(r.weight_mask.tolist(), int(r.weight_mask.sum()))
prune.identity(r, "bias")
print(r.bias_mask.tolist(), names(r))

# structured: whole channels by their L_n norm, or at random
torch.manual_seed(2)
conv = nn.Conv2d(3, 4, 2)
prune.ln_structured(conv, "weight", amount=0.5, n=2, dim=0)
print(conv.weight_mask.sum(dim=(1, 2, 3)).tolist())
prune.ln_structured(conv, "weight", amount=1, n=1, dim=1)
print(conv.weight_mask.sum(dim=(0, 2, 3)).tolist(), conv.weight_mask.sum(dim=(1, 2, 3)).tolist())
prune.random_structured(conv, "weight", amount=1, dim=-1)
print(conv.weight_mask.sum(dim=(0, 1, 2)).tolist())
out = conv(torch.ones(1, 3, 3, 3))
print(out.shape)

# global pruning across layers, custom masks, importance scores
torch.manual_seed(3)
net = nn.Sequential(nn.Linear(4, 4), nn.ReLU(), nn.Linear(4, 2))
prune.global_unstructured([(net[0], "weight"), (net[2], "weight")], pruning_method=prune.L1Unstructured, amount=0.4)
print(int((net[0].weight == 0).sum()), int((net[2].weight == 0).sum()), prune.is_pruned(net))
prune.custom_from_mask(net[2], "bias", mask=torch.tensor([0, 1]))
print(net[2].bias_mask.tolist(), net[2].bias.round(decimals=4).tolist())
scores = torch.arange(8.0).reshape(2, 4)
prune.l1_unstructured(net[2], "weight", amount=2, importance_scores=scores)
print(net[2].weight_mask.tolist())
print(list(net.state_dict().keys()))

# a pruning method used directly
m = prune.L1Unstructured(amount=0.25)
print(m.prune(torch.tensor([[1.0, -3.0], [0.5, 2.0]])).tolist())

def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)

err(lambda: prune.l1_unstructured(nn.Linear(2, 2), "weight", amount=1.5))
err(lambda: prune.l1_unstructured(nn.Linear(2, 2), "weight", amount=-1))
err(lambda: prune.l1_unstructured(nn.Linear(2, 2), "weight", amount="half"))
err(lambda: prune.l1_unstructured(nn.Linear(2, 2), "weight", amount=5))
err(lambda: prune.ln_structured(nn.Linear(2, 2), "bias", amount=1, n=2, dim=0))
err(lambda: prune.ln_structured(nn.Linear(2, 2), "weight", amount=1, n=2, dim=2))
err(lambda: prune.remove(nn.Linear(2, 2), "weight"))
err(lambda: prune.global_unstructured([(net[0], "bias")], pruning_method=prune.LnStructured, amount=1, n=2, dim=0))
err(lambda: prune.global_unstructured(5, pruning_method=prune.L1Unstructured, amount=1))
err(lambda: prune.global_unstructured([(net[0], "bias")], pruning_method=prune.L1Unstructured, importance_scores=[1], amount=1))
lin2 = nn.Linear(2, 2)
prune.l1_unstructured(lin2, "weight", amount=1)
lin2_w = lin2.weight
err(lambda: prune.l1_unstructured(lin2, "weight", amount=4))
print(names(lin2), lin2.weight_mask.sum().item())
