# badinput: autograd backward int tensor (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: element 0 of tensors does not require grad and does not have a grad_fn
import torch
x = torch.ones(3, requires_grad=True)
y = (x * 2).long().sum()
y.backward()
