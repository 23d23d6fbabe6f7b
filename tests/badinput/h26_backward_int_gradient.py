# badinput: Tensor.backward(1): a non-tensor gradient is iterated by _tensor_or_tensors_to_tuple
# expect-exit: 1
# expect-stderr: TypeError: 'int' object is not iterable
import torch
x = torch.ones(2, requires_grad=True)
(x * 2).sum().backward(1)
