import torch

def f(x):
    y = (x + 1) * 2
    print("halfway, y has", y.numel(), "elements")
    return y.relu() - 3

# The exercise: f compiles into two graphs, so Inductor writes two kernels.
# Make all of f's ops fuse into ONE kernel. The output must stay the same.
x = torch.linspace(-2, 2, 8)
print("y has", x.numel(), "elements")
out = torch.compile(f)(x)
print("equal:", torch.allclose(out, f(x)))
