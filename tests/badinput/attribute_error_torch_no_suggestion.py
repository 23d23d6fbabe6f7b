# badinput: torch.X misspelt: PyTorch's torch namespace is over the 750 names CPython searches, no suggestion
# expect-exit: 1
# expect-stderr: AttributeError: module 'torch' has no attribute 'zeroes'
import torch
torch.zeroes(3)
