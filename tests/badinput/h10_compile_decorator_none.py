# badinput: compile decorator none
# expect-exit: 1
# expect-stderr: RuntimeError: Model can't be None
import torch
import torch.nn as nn
torch.compile()(None)
