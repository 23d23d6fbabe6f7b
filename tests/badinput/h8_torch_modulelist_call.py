# badinput: PyTorch misuse: modulelist call
# expect-exit: 1
# expect-stderr: NotImplementedError: Module [ModuleList] is missing the required "forward" function
import torch
ml = torch.nn.ModuleList([torch.nn.ReLU()])
ml(torch.zeros(2))
