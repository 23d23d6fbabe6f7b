# badinput: torch.compile with backend='nope'
# expect-exit: 1
# expect-stderr: torch._dynamo.exc.InvalidBackend: Invalid backend: 'nope', see `torch._dynamo.list_backends()` for available backends.
import torch
import torch.nn as nn
import torch.nn.functional as F
f=torch.compile(lambda x: x+1, backend="nope")
print(f(torch.ones(2)))
