# badinput: torch.compile with an unknown backend name
# expect-exit: 1
# expect-stderr: InvalidBackend
import torch
torch.compile(lambda x: x + 1, backend='turbo')(torch.ones(2))
