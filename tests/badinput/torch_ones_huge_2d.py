# badinput: torch.ones(2**40, 2**40): the element count overflows
# expect-exit: 1
# expect-stderr: RuntimeError: Storage size calculation overflowed with sizes=[1099511627776, 1099511627776]
import torch
torch.ones(2**40, 2**40)
