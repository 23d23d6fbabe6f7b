# badinput: linalg.eig of a matrix holding NaN
# expect-exit: 1
# expect-stderr: RuntimeError: torch.linalg.eig: input tensor should not contain infs or NaNs.
import torch
v, w = torch.linalg.eig(torch.tensor([[float('nan'), 1.0], [1.0, 2.0]]))
print(v)
