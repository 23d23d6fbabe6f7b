# np.einsum: matmul, trace, transpose, dot, outer, batched, ellipsis, full reduction
import numpy as np
a = np.arange(6.0).reshape(2, 3)
b = np.arange(12.0).reshape(3, 4) / 7
print(np.einsum('ij,jk->ik', a, b), np.einsum('ii', np.arange(9).reshape(3, 3)), np.einsum('ij->ji', a))
print(np.einsum('i,i', [1, 2, 3], [4, 5, 6]), np.einsum('i,j->ij', [1, 2], [3, 4, 5]), np.einsum('bij,bjk->bik', np.ones((2, 2, 3)), np.ones((2, 3, 2))))
print(np.einsum('...j,j', a, [1.0, 0.5, 0.25]), np.einsum('ij->', a), np.einsum('ij', a).shape)
