# badinput: linalg.eig of an integer matrix
# expect-exit: 1
# expect-stderr: RuntimeError: linalg.eig: Expected a floating point or complex tensor as input. Got Long
import torch
torch.linalg.eig(torch.tensor([[1, 2], [3, 4]]))
