# badinput: jit load str buffer
# expect-exit: 1
# expect-stderr: TypeError: a bytes-like object is required, not 'str'
import torch
import torch.nn as nn
import io
torch.jit.load(io.StringIO("x"))
