# badinput: einsum 'ij->ii': 'einsum(): output subscript i appears more than once in the output'
# expect-exit: 1
# expect-stderr: RuntimeError: einsum(): output subscript i appears more than once in the output
import torch
torch.einsum('ij->ii', torch.ones(2, 2))
