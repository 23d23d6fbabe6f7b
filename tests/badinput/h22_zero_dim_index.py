# badinput: indexing a 0-d tensor
# expect-exit: 1
# expect-stderr: IndexError: invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to convert a 0-dim tensor to a number
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.tensor(3.0)[0]
