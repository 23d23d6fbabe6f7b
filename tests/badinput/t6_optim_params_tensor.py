# badinput: optim params tensor (issue 31, hostile-input sweep 6; the wording is PyTorch 2.11's)
# expect-exit: 1
# expect-stderr: TypeError: params argument given to the optimizer should be an iterable of Tensors or dicts, but got torch.FloatTensor
import torch
torch.optim.SGD(torch.ones(2, requires_grad=True), lr=0.1)
