# badinput: autograd grad allow unused bad (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: RuntimeError: One of the differentiated Tensors appears to not have been used in the graph. Set allow_unused=True if this is the desired behavior.
import torch
x = torch.ones(3, requires_grad=True)
y = torch.ones(3, requires_grad=True)
torch.autograd.grad((x * 2).sum(), [x, y])
