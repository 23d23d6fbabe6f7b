# badinput: UntypedStorage.resize_ given a string
# expect-exit: 1
# expect-stderr: RuntimeError: resize_ expects an int, but got str
import torch
x = torch.zeros(2)
x.untyped_storage().resize_("16")
