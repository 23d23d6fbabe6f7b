# badinput: mean int
# expect-exit: 1
# expect-stderr: RuntimeError: mean(): could not infer output dtype. Input dtype must be either a floating point or complex dtype. Got: Int
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.zeros(2, dtype=torch.int32).mean()
