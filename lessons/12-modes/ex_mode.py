import torch

def step(x, w):
    return torch.tanh(x @ w)

# The exercise: compile step so that Inductor benchmarks matmul candidates
# (max autotuning) but never records CUDA graphs. The call below must run.
x = torch.linspace(-1, 1, 16).reshape(4, 4)
w = torch.linspace(0, 1, 16).reshape(4, 4)
try:
    cf = torch.compile(step, mode="max-autotune", options={"triton.cudagraphs": False})
    print("equal:", torch.allclose(cf(x, w), step(x, w), atol=1e-6))
except Exception as e:
    print("error:", type(e).__name__)
