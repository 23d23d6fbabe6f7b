import torch
# A scripted function calling another scripted function and a plain Python function (compiled too).

def double(x):
    return x * 2

@torch.jit.script
def sign_scale(x):
    if x.sum() >= 0:
        return x
    return -x

def combo(x, y):
    return sign_scale(x) + double(y)

s = torch.jit.script(combo)
print(type(s).__name__, type(sign_scale).__name__)
a = torch.tensor([1., -2.])
b = torch.tensor([0.5, 0.25])
print(s(a, b), combo(a, b))
print(s(-a, b), combo(-a, b))
print(s(torch.tensor([-3.]), torch.tensor([1.])))
sd = torch.jit.script(double)
print(type(sd).__name__, sd(b))
