# badinput: calling an nn.Sequential with a keyword: the error names Sequential.forward, as CPython's qualname
# expect-exit: 1
# expect-stderr: TypeError: Sequential.forward() got an unexpected keyword argument 'x'
import torch
torch.nn.Sequential(torch.nn.Linear(2, 2))(x=torch.ones(2))
