# badinput: torch.compile with an unknown backend name
# expect-exit: 1
# expect-stderr: torch._dynamo.exc.InvalidBackend: Invalid backend: 'nonexistent', see `torch._dynamo.list_backends()` for available backends.
import torch
f = torch.compile(lambda x: x + 1, backend="nonexistent")
f(torch.ones(2))
