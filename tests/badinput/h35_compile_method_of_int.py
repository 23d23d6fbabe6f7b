# badinput: torch.compile of a bound builtin method
# expect-exit: 0
# expect-stdout: 3
import torch
f = torch.compile((5).bit_length)
print(f())
