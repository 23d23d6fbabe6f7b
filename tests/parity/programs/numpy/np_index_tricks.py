# np.r_ / np.c_ / np.s_ / np.index_exp (numpy/lib/_index_tricks_impl.py): the decision-boundary
# idiom `np.c_[xx.ravel(), yy.ravel()]`, r_'s slices (arange; Kiln has no complex literals for linspace steps),
# scalars, directives ('0,2', '-1', '1,2,0'), NEP 50's weak Python scalars in the result dtype, and
# the index expressions s_/index_exp build.
import numpy as np

xx, yy = np.meshgrid(np.arange(3), np.arange(2.0))
g = np.c_[xx.ravel(), yy.ravel()]
print(g.shape, g.dtype)
print(g)
print(np.c_[np.array([1, 2, 3]), np.array([4, 5, 6])])
print(np.c_[np.array([[1, 2, 3]]), 0, 0, np.array([[4, 5, 6]])])
print(np.r_[np.array([1, 2, 3]), 0, 0, np.array([4, 5, 6])])
print(np.r_[-1:1:0.5, [0] * 3, 5, 6])
print(np.r_[0:10:3], np.r_[:4], np.r_[1.5:3])
a = np.array([[0, 1, 2], [3, 4, 5]])
print(np.r_['-1', a, a])
print(np.r_['0,2', [1, 2, 3], [4, 5, 6]])
print(np.r_['0,2,0', [1, 2, 3], [4, 5, 6]])
print(np.r_['1,2,0', [1, 2, 3], [4, 5, 6]])
print(np.r_[np.array([1, 2], dtype=np.float32), 3].dtype, np.r_[np.array([1, 2]), 2.5].dtype,
      np.r_[np.array([True]), 1].dtype, np.r_[1, 2].dtype, np.r_[1, 2.0].dtype)
print(np.c_[np.arange(2)].shape, np.c_[1:3, 4:6].shape, len(np.r_))
print(np.s_[1:3], np.s_[::2, 1], np.s_[3], np.index_exp[3], np.index_exp[1:2, ...])
print(a[np.s_[:, 1:]])
try:
    np.r_[1, '0,2']
except ValueError as e:
    print("ValueError:", e)
try:
    np.r_['x', [1]]
except ValueError as e:
    print("ValueError:", e)
