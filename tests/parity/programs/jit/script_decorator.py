import torch
# The @torch.jit.script decorator form; decorated functions call each other.

@torch.jit.script
def clamp_pos(x):
    return torch.where(x > 0, x, torch.zeros_like(x))

@torch.jit.script
def score(x, k: int):
    y = clamp_pos(x)
    if k > 1:
        y = y * k
    return y.sum()

print(type(clamp_pos).__name__, type(score).__name__)
print(clamp_pos.name, score.name)
x = torch.tensor([-1., 2., 0.5])
print(clamp_pos(x))
print(score(x, 1), score(x, 4))
print("prim::If" in str(score.graph), "prim::Loop" in str(score.graph))
try:
    score(x)
except Exception as e:
    print(type(e).__name__, "|", str(e).strip().split("\n")[0])
