# badinput: t dtype bad arg (issue 31 sweep)
# expect-exit: 1
# expect-stderr: TypeError: ones(): argument 'dtype' must be torch.dtype, not str
import torch
torch.ones(2, dtype='float32')
