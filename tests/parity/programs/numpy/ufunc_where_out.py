# NumPy ufuncs' where= mask with out=: positions where the mask is False keep out's values (GloVe
# code takes the log of a co-occurrence matrix as np.log(X, out=np.zeros_like(X), where=X > 0);
# safe division as np.divide(a, b, out=np.zeros_like(a), where=b != 0)). Kiln's ufuncs refused the
# where keyword (TypeError: log() got an unexpected keyword argument 'where').
import numpy as np

X = np.array([[0.0, 1.0, 2.0], [4.0, 0.0, 0.5]])
L = np.log(X, out=np.zeros_like(X), where=X > 0)
print(L)
a = np.array([1.0, 2.0, 3.0, 4.0])
b = np.array([2.0, 0.0, 4.0, 0.0])
z = np.full_like(a, -1.0)
r = np.divide(a, b, out=z, where=b != 0)
print(r, r is z)
print(np.sqrt(a, out=np.ones(4), where=[True, False, True, False]))
print(np.add(a, 10, out=a.copy(), where=np.array([False, True, False, True])))
print(np.arctan2(a, 1.0, out=np.zeros(4), where=a > 2))
m = np.full((2, 3), 5.0)
print(np.exp(np.zeros(3), out=m, where=np.array([True, False, True])))
print(np.log(np.array([1.0, np.e]), where=True))
print(np.multiply(a, 2, where=True))
try:
    np.log(a, out=np.zeros(3), where=a > 1)
except ValueError as e:
    print('ValueError')
i = np.zeros(4, dtype=np.int64)
try:
    np.sqrt(a, out=i, where=a > 1)
except TypeError as e:
    print('TypeError:', e)
