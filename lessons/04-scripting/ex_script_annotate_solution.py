import torch

# The exercise: scripting this function fails. Make it script, keeping the loop:
# `steps` is a Python int, and TorchScript has to be told so.
def repeat_add(x, steps: int):
    for i in range(steps):
        x = x + i
    return x

try:
    s = torch.jit.script(repeat_add)
    print("scripted ok:", s(torch.zeros(2), 4))
    print("loop kept:", "prim::Loop" in str(s.graph))
except Exception as e:
    print("script failed:", type(e).__name__)
