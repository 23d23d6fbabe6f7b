# badinput: UntypedStorage.resize_ to a petabyte
# expect-exit: 1
# expect-stderr: you tried to allocate 1000000000000000 bytes
import torch
x = torch.zeros(4)
x.untyped_storage().resize_(10**15)
