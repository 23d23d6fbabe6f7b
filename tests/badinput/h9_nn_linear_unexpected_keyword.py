# badinput: nn.Linear given a misspelled keyword
# expect-exit: 1
# expect-stderr: TypeError: Linear.__init__() got an unexpected keyword argument 'out_feature'
import torch
torch.nn.Linear(2, out_feature=3)
