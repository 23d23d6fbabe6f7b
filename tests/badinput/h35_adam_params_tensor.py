# badinput: a bare tensor as the optimizer's params
# expect-exit: 1
# expect-stderr: TypeError: params argument given to the optimizer should be an iterable of Tensors or dicts, but got torch.FloatTensor
import torch
torch.optim.Adam(torch.ones(3))
