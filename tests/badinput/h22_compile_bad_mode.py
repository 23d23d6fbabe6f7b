# badinput: torch.compile with an unknown mode
# expect-exit: 1
# expect-stderr: RuntimeError: Unrecognized mode=fastest, should be one of: default, reduce-overhead, max-autotune, max-autotune-no-cudagraphs
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.compile(nn.Linear(1, 1), mode='fastest')
