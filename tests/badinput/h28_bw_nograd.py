# badinput: backward of a tensor that does not require grad
# expect-exit: 1
# expect-stderr: RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn
import torch
x = torch.randn(3)
y = (x * 2).sum()
y.backward()
