# badinput: int tensor // 0
# expect-exit: 1
# expect-stderr: RuntimeError: ZeroDivisionError
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.tensor([1]) // 0)
