# badinput: torch.compile with both mode and options
# expect-exit: 1
# expect-stderr: RuntimeError: Either mode or options can be specified, but both can't be specified at the same time.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.compile(nn.Linear(1, 1), mode='default', options={'trace.enabled': True})
