# badinput: compile bad backend
# expect-exit: 1
# expect-stderr: torch._dynamo.exc.InvalidBackend: Invalid backend: 'nope', see `torch._dynamo.list_backends()` for available backends.
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.compile(nn.Linear(1, 1), backend="nope")
