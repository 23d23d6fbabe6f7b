# badinput: compile options type
# expect-exit: 1
# expect-stderr: RuntimeError: Unexpected type of attr max_autotune, got str should be bool
import torch
import torch.nn as nn
torch.compile(nn.Linear(2, 2), options={"max_autotune": "yes"})
