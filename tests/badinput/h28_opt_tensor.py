# badinput: an optimizer given a tensor instead of an iterable
# expect-exit: 1
# expect-stderr: TypeError: params argument given to the optimizer should be an iterable of Tensors or dicts, but got torch.FloatTensor
import torch
w = torch.randn(3, requires_grad=True)
opt = torch.optim.SGD(w, lr=0.1)
