import torch

# Not everything fuses. A matrix product goes to a library routine (an "extern"
# kernel), so the pointwise ops around it become separate kernels; a reduction
# ends one loop nest and its result feeds the next. Compare the kernels in the
# playground's Fusion panel.
def f(x, w):
    h = (x * 2 + 1) @ w          # pointwise, then the extern matmul
    h = h.relu() + 0.5           # pointwise after the matmul
    return h / h.sum(dim=-1, keepdim=True)

x = torch.linspace(-1, 1, 12).reshape(3, 4)
w = torch.linspace(0, 1, 20).reshape(4, 5)
cf = torch.compile(f)
out = cf(x, w)
print("same as eager:", torch.allclose(out, f(x, w), atol=1e-6))
print(out.shape)
