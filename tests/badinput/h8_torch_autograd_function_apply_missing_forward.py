# badinput: PyTorch misuse: autograd function apply missing forward
# expect-exit: 1
# expect-stderr: NotImplementedError: You must implement the forward function for custom autograd.Function.
import torch
class F(torch.autograd.Function):
    pass
F.apply(torch.zeros(2))
