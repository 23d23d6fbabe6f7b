# badinput: linalg.vector_norm of an integer tensor
# expect-exit: 1
# expect-stderr: RuntimeError: linalg.vector_norm: Expected a floating point or complex tensor as input. Got Long
import torch
torch.linalg.vector_norm(torch.tensor([1, 2]))
