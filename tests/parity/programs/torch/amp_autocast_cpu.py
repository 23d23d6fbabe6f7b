import torch
import torch.nn as nn
import torch.nn.functional as F
# torch.autocast on the CPU with bfloat16: which ops run in lower precision (linear, matmul, mm,
# bmm, addmm, conv), which are kept in float32 (losses), which follow their inputs; nesting,
# disabling, the decorator form, and gradients flowing back through the recorded casts.

torch.manual_seed(0)
x = torch.randn(4, 8)
y = torch.randn(8, 3)
b = torch.randn(2, 4, 5)
lin = nn.Linear(8, 3)
conv = nn.Conv2d(2, 3, 3)
img = torch.randn(1, 2, 5, 5)

print("outside:", torch.is_autocast_enabled())
with torch.autocast("cpu", dtype=torch.bfloat16):
    print("inside:", torch.is_autocast_enabled("cpu"), torch.get_autocast_dtype("cpu"))
    mm = x @ y
    print("matmul", mm.dtype)
    print("mm", torch.mm(x, y).dtype)
    print("bmm", torch.bmm(b, b.transpose(1, 2)).dtype)
    print("addmm", torch.addmm(torch.zeros(3), x, y).dtype)
    h = lin(x)
    print("linear", h.dtype, lin.weight.dtype)
    print("conv2d", conv(img).dtype)
    r = F.relu(h)
    print("relu follows its input:", r.dtype)
    s = h + x[:, :3]
    print("add promotes bf16 + f32:", s.dtype)
    print("sum of bf16:", h.sum().dtype)
    print("softmax of bf16:", torch.softmax(h, -1).dtype)
    print("mse_loss", F.mse_loss(h, torch.zeros(4, 3)).dtype)
    print("cross_entropy", F.cross_entropy(h, torch.tensor([0, 1, 2, 0])).dtype)
    with torch.autocast("cpu", enabled=False):
        print("nested disabled:", (x @ y).dtype, torch.is_autocast_enabled("cpu"))
    print("after the nested region:", (x @ y).dtype)
print("after:", (x @ y).dtype, torch.is_autocast_enabled("cpu"))

# float16 on the CPU is allowed too
with torch.autocast(device_type="cpu", dtype=torch.float16):
    print("float16:", lin(x).dtype)

@torch.autocast("cpu", dtype=torch.bfloat16)
def project(a, w):
    return a @ w

print("decorated:", project(x, y).dtype)

# gradients: the parameters stay float32 and get float32 gradients
w = torch.randn(8, 3, requires_grad=True)
with torch.autocast("cpu", dtype=torch.bfloat16):
    out = x @ w
    loss = out.float().pow(2).mean()
print(out.dtype, out.grad_fn.name())
loss.backward()
print("grad", w.grad.dtype, tuple(w.grad.shape))
print("close to the float32 gradient:", torch.allclose(w.grad, (2 * x.t() @ (x @ w) / 12).detach(), rtol=0.05, atol=0.05))
