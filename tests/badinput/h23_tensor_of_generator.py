# badinput: torch.tensor of a generator
# expect-exit: 1
# expect-stderr: RuntimeError: Could not infer dtype of generator
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.tensor(x for x in range(3)))
