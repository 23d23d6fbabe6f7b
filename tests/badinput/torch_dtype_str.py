# badinput: dtype given as a str
# expect-exit: 1
# expect-stderr: TypeError: zeros(): argument 'dtype' must be torch.dtype, not str
import torch
torch.zeros(2, dtype='float32')
