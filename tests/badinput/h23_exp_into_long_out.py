# badinput: exp of ints into a long out=
# expect-exit: 1
# expect-stderr: RuntimeError: result type Float can't be cast to the desired output type Long
import torch
import torch.nn as nn
import torch.nn.functional as F
out=torch.zeros(3,dtype=torch.long)
print(torch.exp(torch.arange(3), out=out))
