# badinput: torch.compile with an unknown backend
# expect-exit: 1
# expect-stderr: Invalid backend: 'no_such_backend'
import torch
f = torch.compile(lambda x: x + 1, backend='no_such_backend')
f(torch.ones(2))
