# badinput: torch.compile of the builtin len (runs it)
# expect-exit: 0
# expect-stdout: 2
import torch
f = torch.compile(len)
print(f([1, 2]))
