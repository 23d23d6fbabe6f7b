# The deprecated x.add_(Number alpha, Tensor other) overload also matches when alpha is a 0-dim tensor
# that does not require grad (PyTorch's argument parser takes such a tensor for a Scalar): DARTS'
# Architect._hessian_vector_product does `p.data.add_(R, v)` with R = r / _concat(vector).norm().
import warnings

import torch

warnings.simplefilter("ignore")
p = torch.ones(3)
v = torch.arange(3.)
R = 0.01 / v.norm()
p.add_(R, v)
print([round(x, 6) for x in p.tolist()])
print([round(x, 5) for x in p.sub(torch.tensor(2), v).tolist()], [round(x, 5) for x in p.add(torch.tensor(0.5), v).tolist()])
q = torch.zeros(3)
q.sub_(torch.tensor(2.0, dtype=torch.float64), v)
print(q.tolist(), q.dtype)
