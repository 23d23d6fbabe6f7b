# badinput: __index__ raising during tensor indexing
# expect-exit: 1
# expect-stderr: IndexError: only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got I)
import torch
class I:
    def __index__(self): raise KeyError('idx')
torch.arange(3)[I()]
