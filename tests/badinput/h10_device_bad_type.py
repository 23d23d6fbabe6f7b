# badinput: device bad type
# expect-exit: 1
# expect-stderr: RuntimeError: Expected one of cpu, cuda
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.device("tpu")
