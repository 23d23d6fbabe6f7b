# badinput: a state_dict entry that is a list
# expect-exit: 1
# expect-stderr: expected torch.Tensor or Tensor-like object from checkpoint but received <class 'list'>
import torch
import torch.nn as nn
import torch.nn.functional as F
m=nn.Linear(2,2)
sd=m.state_dict()
sd["weight"]=[[1,2],[3,4]]
m.load_state_dict(sd)
