# Tensor.triu_ / tril_ in place: diagonals above and below, batched, non-square, the causal mask
# idiom (empty().fill_(-inf).triu_(1), CLIP's build_attention_mask), autograd through the in-place
# op (grad_fn name, gradient), and the errors of a 1-D tensor and of a leaf that requires grad.
import torch

x = torch.arange(12.0).reshape(3, 4)
for k in (0, 1, -1, 5, -5):
    print(k, x.clone().triu_(k).tolist(), x.clone().tril_(diagonal=k).tolist())
b = torch.arange(24).reshape(2, 3, 4)
y = b.clone()
r = y.tril_(-1)
print(r is y, y.tolist())
mask = torch.empty(4, 4)
mask.fill_(float("-inf"))
mask.triu_(1)
print(mask)
w = torch.randn(3, 3, requires_grad=True)
z = w * 2
z.triu_()
print(type(z.grad_fn).__name__)
z.sum().backward()
print(w.grad)
for bad in (lambda: torch.ones(3).triu_(), lambda: torch.ones(2, 2, requires_grad=True).tril_()):
    try:
        bad()
    except RuntimeError as e:
        print("RuntimeError:", e)
