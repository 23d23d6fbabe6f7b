# badinput: PyTorch misuse: zeros index like
# expect-exit: 1
# expect-stderr: RuntimeError: Trying to create tensor with negative dimension -1: [-1]
# expect-stdout: torch.Size([1, 2])
import torch
class IndexLike:
    def __init__(self, n):
        self.n = n
    def __index__(self):
        return self.n
print(torch.zeros(IndexLike(3)).shape)
print(torch.ones(2, IndexLike(2)).shape)
print(torch.zeros(3).view(IndexLike(3), 1).shape)
print(torch.zeros([IndexLike(1), 2]).shape)
torch.zeros(IndexLike(-1))
