# badinput: torch.compile of a class (calls construct it)
# expect-exit: 0
# expect-stdout: C
import torch
class C:
    pass
f = torch.compile(C)
print(type(f(  )).__name__)
