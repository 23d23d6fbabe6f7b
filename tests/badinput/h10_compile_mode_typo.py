# badinput: compile mode typo
# expect-exit: 1
# expect-stderr: RuntimeError: Unrecognized mode=fast, should be one of: default, reduce-overhead, max-autotune, max-autotune-no-cudagraphs
import torch
import torch.nn as nn
torch.compile(nn.Linear(2, 2), mode="fast")
