# badinput: PyTorch misuse: modulelist append tensor
# expect-exit: 1
# expect-stderr: TypeError: torch.FloatTensor is not a Module subclass
import torch
ml = torch.nn.ModuleList()
ml.append(torch.zeros(2))
