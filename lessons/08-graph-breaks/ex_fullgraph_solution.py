import torch

def step(x, w):
    h = x @ w
    return h.relu().sum()

# The exercise: make `step` compile with fullgraph=True. The program must still
# print the number of elements and the same result.
x = torch.tensor([[1.0, 2.0], [3.0, 4.0]])
w = torch.tensor([[0.5, -1.0], [1.0, 0.25]])
print("h has", (x @ w).numel(), "elements")   # outside the compiled function
try:
    out = torch.compile(step, backend="eager", fullgraph=True)(x, w)
    print("compiled with fullgraph:", out)
except Exception as e:
    print("graph break:", type(e).__name__)
