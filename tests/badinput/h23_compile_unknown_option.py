# badinput: torch.compile with an unknown inductor option
# expect-exit: 1
# expect-stderr: RuntimeError: Unexpected optimization option no_such_option
import torch
import torch.nn as nn
import torch.nn.functional as F
f=torch.compile(lambda x: x+1, options={"no_such_option": 1})
print(f(torch.ones(2)))
