import torch

# Scripting reads Python source and rejects what TorchScript cannot express.
def uses_lambda(x):
    f = lambda v: v * 2
    return f(x)

def unannotated_int(x, n):
    return x + n            # n defaults to Tensor: adding a Python int fails the call

try:
    torch.jit.script(uses_lambda)
    print("scripted")
except Exception as e:
    print(type(e).__name__, "Lambda" in str(e) or "lambda" in str(e))

s = torch.jit.script(unannotated_int)
print(s(torch.ones(2), torch.tensor(3.0)))
try:
    s(torch.ones(2), 3)
except RuntimeError as e:
    print(type(e).__name__, "Tensor (inferred)" in str(e))
