# badinput: arange to nan
# expect-exit: 1
# expect-stderr: RuntimeError: unsupported range: 0 -> nan
import torch
import torch.nn as nn
import torch.nn.functional as F
print(torch.arange(0, float("nan")))
