# badinput: sorted() of multi-element tensors: __lt__ gives a tensor whose truth is ambiguous
# expect-exit: 1
# expect-stderr: RuntimeError: Boolean value of Tensor with more than one value is ambiguous
import torch
sorted([torch.tensor([2., 1.]), torch.tensor([1., 2.])])
