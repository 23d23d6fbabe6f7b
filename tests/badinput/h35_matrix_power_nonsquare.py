# badinput: linalg.matrix_power of a 2x3 matrix
# expect-exit: 1
# expect-stderr: RuntimeError: linalg.matrix_power: A must be batches of square matrices, but they are 2 by 3 matrices
import torch
torch.linalg.matrix_power(torch.zeros(2, 3), 2)
