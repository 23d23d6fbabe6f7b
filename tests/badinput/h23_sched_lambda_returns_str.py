# badinput: LambdaLR whose lambda returns a str
# expect-exit: 1
# expect-stderr: TypeError: can't multiply sequence by non-int of type 'float'
import torch
import torch.nn as nn
import torch.nn.functional as F
l=nn.Linear(2,2)
o=torch.optim.SGD(l.parameters(), lr=0.1)
s=torch.optim.lr_scheduler.LambdaLR(o, lambda e: "x")
