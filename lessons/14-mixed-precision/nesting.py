import torch

# Regions nest. An inner torch.autocast(..., enabled=False) turns autocast off
# for a piece that must stay in float32; inputs that are already bfloat16 stay
# bfloat16 there, so cast them back yourself.
x = torch.linspace(-1, 1, 16).reshape(4, 4)

with torch.autocast("cpu", dtype=torch.bfloat16):
    a = x @ x
    print("outer:", a.dtype)
    with torch.autocast("cpu", enabled=False):
        print("inner, autocast on:", torch.is_autocast_enabled("cpu"))
        b = x @ x
        print("inner, float32 inputs:", b.dtype)
        c = a @ a
        print("inner, bf16 inputs:", c.dtype)
        d = a.float() @ a.float()
        print("inner, cast back:", d.dtype)
    print("outer again:", (x @ x).dtype)

# Gradients reach the float32 parameters in float32.
w = torch.linspace(0, 1, 16).reshape(4, 4).requires_grad_()
with torch.autocast("cpu", dtype=torch.bfloat16):
    out = (x @ w).float().sum()
out.backward()
print("grad dtype:", w.grad.dtype)
