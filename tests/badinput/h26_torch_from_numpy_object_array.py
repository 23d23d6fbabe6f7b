# badinput: torch.from_numpy of an object array: PyTorch's dtype refusal, not 'expected np.ndarray'
# expect-exit: 1
# expect-stderr: TypeError: can't convert np.ndarray of type numpy.object_. The only supported types are: float64, float32, float16, complex64, complex128, int64, int32, int16, int8, uint64, uint32, uint16, uint8, and bool.
import numpy as np
import torch
torch.from_numpy(np.array([1, 'a'], dtype=object))
