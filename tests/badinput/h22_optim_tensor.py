# badinput: an optimizer given a single tensor
# expect-exit: 1
# expect-stderr: TypeError: params argument given to the optimizer should be an iterable of Tensors or dicts, but got torch.FloatTensor
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.optim.SGD(torch.ones(2, requires_grad=True), lr=0.1)
