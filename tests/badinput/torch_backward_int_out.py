# badinput: requires_grad_ on an integer tensor
# expect-exit: 1
# expect-stderr: RuntimeError: only Tensors of floating point dtype can require gradients
import torch
torch.tensor([1, 2]).requires_grad_()
