# badinput: torch.tensor(None)
# expect-exit: 1
# expect-stderr: RuntimeError: Could not infer dtype of NoneType
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.tensor(None)
