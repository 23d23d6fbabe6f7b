import torch
import torch.nn as nn
import torch.nn.functional as F
# F.embedding_bag / nn.EmbeddingBag: sum, mean and max bags from 1-D input + offsets and from 2-D
# input, per_sample_weights, include_last_offset, padding_idx (skipped, not counted in a mean),
# empty bags, scale_grad_by_freq, max_norm; gradients of the weight and of the per-sample weights;
# the module's init, repr and from_pretrained; PyTorch's errors.

w = torch.linspace(-1.0, 1.0, 18).reshape(6, 3).requires_grad_()
idx = torch.tensor([0, 2, 1, 5, 4, 2, 3])
offs = torch.tensor([0, 2, 2, 5])

def show(name, out):
    print(name, tuple(out.shape), out.detach().round(decimals=4).tolist(), type(out.grad_fn).__name__)

for mode in ["sum", "mean", "max"]:
    out = F.embedding_bag(idx, w, offs, mode=mode)
    show(mode, out)
    (out * torch.arange(1.0, 13.0).reshape(4, 3)).sum().backward()
    print("  grad", w.grad.round(decimals=4).tolist())
    w.grad = None

# 2-D input: fixed-size bags, no offsets
show("2d mean", F.embedding_bag(torch.tensor([[0, 1], [2, 3], [4, 4]]), w))
show("2d max", F.embedding_bag(torch.tensor([[0, 1, 5], [3, 3, 2]]), w, mode="max"))

# per_sample_weights (sum only), with their gradient
psw = torch.tensor([0.5, -1.0, 2.0, 1.0, 0.25, 3.0, -0.5], requires_grad=True)
out = F.embedding_bag(idx, w, offs, mode="sum", per_sample_weights=psw)
show("psw", out)
out.pow(2).sum().backward()
print("  grad w", w.grad.round(decimals=4).tolist())
print("  grad psw", psw.grad.round(decimals=4).tolist())
w.grad = None

# include_last_offset: the last offset closes the last bag
show("last", F.embedding_bag(idx, w, torch.tensor([0, 3, 7]), mode="sum", include_last_offset=True))
show("last2", F.embedding_bag(idx, w, torch.tensor([0, 3, 5]), mode="mean", include_last_offset=True))

# padding_idx: skipped, and not counted by mean; negative padding_idx counts from the end
for mode in ["sum", "mean", "max"]:
    out = F.embedding_bag(torch.tensor([2, 2, 1, 2, 0]), w, torch.tensor([0, 2, 4]), mode=mode, padding_idx=2)
    show("pad " + mode, out)
    out.sum().backward()
    print("  grad", w.grad.round(decimals=4).tolist())
    w.grad = None
show("pad -1", F.embedding_bag(torch.tensor([5, 1, 5]), w, torch.tensor([0, 1]), padding_idx=-1))

# scale_grad_by_freq: each row's gradient divided by how often it was read
out = F.embedding_bag(torch.tensor([1, 1, 1, 3]), w, torch.tensor([0, 2]), mode="sum", scale_grad_by_freq=True)
out.sum().backward()
print("freq grad", w.grad.round(decimals=4).tolist())
w.grad = None

# float64 and the argument order check
wd = torch.arange(12, dtype=torch.float64).reshape(4, 3)
show("f64", F.embedding_bag(torch.tensor([3, 0, 1]), wd, torch.tensor([0, 1]), mode="sum"))

# max_norm renormalizes the rows read, in place
wn = torch.arange(12, dtype=torch.float32).reshape(4, 3)
show("max_norm", F.embedding_bag(torch.tensor([1, 3]), wn, torch.tensor([0]), max_norm=2.0, mode="sum"))
print(wn.round(decimals=4).tolist())

# the module
torch.manual_seed(0)
bag = nn.EmbeddingBag(10, 3, mode="sum")
print(bag)
print(bag.weight.round(decimals=4).tolist()[:2])
print(nn.EmbeddingBag(5, 2, padding_idx=1, max_norm=1.5, norm_type=3.0, scale_grad_by_freq=True))
torch.manual_seed(0)
pb = nn.EmbeddingBag(4, 2, mode="max", padding_idx=-1)
print(pb, pb.padding_idx, pb.weight[3].tolist())
out = bag(torch.tensor([1, 2, 4, 5, 4, 3, 2, 9]), torch.tensor([0, 4]))
show("module", out)
out.sum().backward()
print(bag.weight.grad.sum(1).tolist())
show("module psw", bag(torch.tensor([[1, 2], [3, 4]]), per_sample_weights=torch.tensor([[1.0, 0.0], [0.5, 2.0]])))
pre = nn.EmbeddingBag.from_pretrained(torch.tensor([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]), mode="max")
print(pre, pre.weight.requires_grad)
show("pretrained", pre(torch.tensor([[0, 2], [1, 1]])))
print(type(bag).__module__, sorted(dict(bag.named_parameters()).keys()))

# torch.embedding_bag returns ATen's four tensors
res = torch.embedding_bag(w.detach(), idx, offs, False, 1)
print(len(res), tuple(res[0].shape), res[2].tolist())

def err(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)

err(lambda: F.embedding_bag(torch.tensor([[0, 1]]), w, torch.tensor([0])))
err(lambda: F.embedding_bag(torch.tensor([0, 1]), w))
err(lambda: F.embedding_bag(torch.tensor([0, 1]), w, torch.tensor([[0]])))
err(lambda: F.embedding_bag(torch.tensor([[[0]]]), w))
err(lambda: F.embedding_bag(torch.tensor([0, 1]), w, torch.tensor([0]), mode="median"))
err(lambda: F.embedding_bag(torch.tensor([0, 1]), w, torch.tensor([0]), mode="max", scale_grad_by_freq=True))
err(lambda: F.embedding_bag(torch.tensor([0, 1]), w, torch.tensor([0]), per_sample_weights=torch.ones(2)))
err(lambda: F.embedding_bag(torch.tensor([0, 1]), w, torch.tensor([0]), mode="sum", per_sample_weights=torch.ones(3)))
err(lambda: F.embedding_bag(torch.tensor([0, 1]), torch.ones(6), torch.tensor([0])))
err(lambda: F.embedding_bag(torch.tensor([0, 9]), w, torch.tensor([0]), mode="max"))
err(lambda: F.embedding_bag(torch.tensor([0, 1]), w, torch.tensor([0, 3]), mode="sum"))
err(lambda: F.embedding_bag(torch.tensor([0, 1]), w, torch.tensor([0]), padding_idx=6))
err(lambda: F.embedding_bag(torch.tensor([0.0, 1.0]), w, torch.tensor([0])))
err(lambda: nn.EmbeddingBag(4, 2, padding_idx=4))
err(lambda: nn.EmbeddingBag(4, 2, _weight=torch.ones(3, 2)))
