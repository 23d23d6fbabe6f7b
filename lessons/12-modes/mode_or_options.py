import torch

# A mode is a named bundle of Inductor settings. You may instead pass the
# settings yourself with options={...}, but not both at once.
def f(x):
    return x * 2

try:
    torch.compile(f, mode="max-autotune", options={"max_autotune": True})
    print("accepted")
except Exception as e:
    print(type(e).__name__)
    print(str(e).strip().split("\n")[0])

cf = torch.compile(f, mode="max-autotune-no-cudagraphs")
print(cf(torch.ones(3)))
