# badinput: compile options nested typo
# expect-exit: 1
# expect-stderr: RuntimeError: Unexpected optimization option triton.cudagraph, known options are [
import torch
import torch.nn as nn
torch.compile(nn.Linear(2, 2), options={"triton.cudagraph": True})
