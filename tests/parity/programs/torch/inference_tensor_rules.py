# Inference tensors (tensors made under torch.inference_mode) outside inference mode, as PyTorch
# 2.11 treats them: reading them, out-of-place ops and ops that save nothing for backward work; an
# in-place change is refused (the version-counter bump's RuntimeError), and so is any op that must
# save one for backward (SavedVariable's check); _version is unavailable; inside inference mode (and
# on a clone) everything is allowed. The patterns are real programs' ones: features computed by a
# frozen backbone under inference_mode then fed to a trainable head, a BatchNorm built in inference
# mode and then trained, a cached tensor updated in place.
import torch
import torch.nn as nn


def attempt(label, fn):
    try:
        r = fn()
        print(label, "ok", r.shape if isinstance(r, torch.Tensor) else r)
    except RuntimeError as e:
        print(label, "RuntimeError:", e)


with torch.inference_mode():
    t = torch.ones(2, 3)
    v = t[0]
    n = t.sum()
print(t.is_inference(), v.is_inference(), n.is_inference(), t.requires_grad)

# in place outside inference mode
attempt("add_", lambda: t.add_(1))
attempt("mul_", lambda: t.mul_(2))
attempt("zero_", lambda: t.zero_())
attempt("fill_", lambda: t.fill_(3.0))
attempt("copy_", lambda: t.copy_(torch.zeros(2, 3)))
attempt("clamp_", lambda: t.clamp_(min=0.5))
attempt("exp_", lambda: t.exp_())
attempt("setitem", lambda: t.__setitem__(0, 5.0))
attempt("uniform_", lambda: t.uniform_())
attempt("normal_", lambda: t.normal_())
attempt("view add_", lambda: v.add_(1))
attempt("index_fill_", lambda: t.index_fill_(1, torch.tensor([0]), 1.0))
attempt("masked_fill_", lambda: t.masked_fill_(torch.ones(2, 3, dtype=torch.bool), 1.0))
attempt("requires_grad_", lambda: t.requires_grad_())
attempt("_version", lambda: t._version)

# out-of-place ops are fine and give normal tensors
u = t * 2 + 1
print("out of place", u.is_inference(), u.shape)

# autograd: an op that saves the inference tensor for backward is refused; one that saves none is not
w = torch.ones(2, 3, requires_grad=True)
attempt("mul with grad", lambda: t * w)
attempt("add with grad", lambda: (t + w).sum().backward())
print(w.grad)

with torch.inference_mode():
    feats = torch.randn(4, 3)
head = nn.Linear(3, 2)
attempt("head(feats)", lambda: head(feats))
attempt("head(feats.clone())", lambda: head(feats.clone()).sum().backward())
print(head.weight.grad is not None)

# a BatchNorm built in inference mode: its running statistics are inference tensors
with torch.inference_mode():
    bn = nn.BatchNorm1d(3)
bn.train()
attempt("bn train", lambda: bn(torch.randn(4, 3)))
bn.eval()
attempt("bn eval", lambda: bn(torch.randn(4, 3)))

# inside inference mode (and in inference_mode(False) it is refused again)
with torch.inference_mode():
    t.add_(1)
    t[0, 0] = 7.0
    print("inside", t.is_inference())
    with torch.inference_mode(False):
        attempt("inference_mode(False) add_", lambda: t.add_(1))


@torch.inference_mode()
def cache_update(x):
    x.mul_(2)
    return x


print(cache_update(t).is_inference())

# a clone made outside inference mode is a normal tensor
c = t.clone()
c.add_(1)
print(c.is_inference(), c._version, c[0])
