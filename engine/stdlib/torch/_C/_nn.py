# torch._C._nn: the torch.nn.functional functions that are C functions in PyTorch 2.11, under the
# names FX prints for them (torch._C._nn.linear, torch._C._nn.gelu, ...): the same objects as
# torch.nn.functional's.
from torch.nn.functional import linear, gelu, avg_pool2d, pad
