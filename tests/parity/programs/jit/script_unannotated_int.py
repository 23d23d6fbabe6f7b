import torch
# Unannotated script parameters are Tensors: passing an int fails at call time.

def f(x, n):
    return x * n

s = torch.jit.script(f)
x = torch.tensor([1., 2.])
print(s(x, torch.tensor(3.)))
print(f(x, 3))
try:
    s(x, 3)
except Exception as e:
    print(type(e).__name__)
    msg = str(e)
    print(msg.strip().split("\n")[0])
    print("Tensor (inferred)" in msg, "not annotated" in msg)
try:
    s(x)
except Exception as e:
    print(type(e).__name__, "|", str(e).strip().split("\n")[0])
try:
    s(x, x, x)
except Exception as e:
    print(type(e).__name__, "|", str(e).strip().split("\n")[0])
try:
    s(x, m=x)
except Exception as e:
    print(type(e).__name__, "|", str(e).strip().split("\n")[0])
