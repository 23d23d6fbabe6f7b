# badinput: special.gammaln of a complex tensor
# expect-exit: 1
# expect-stderr: not implemented for 'ComplexFloat'
import torch
torch.special.gammaln(torch.tensor([1+1j]))
