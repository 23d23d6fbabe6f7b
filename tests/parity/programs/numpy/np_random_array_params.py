# RandomState.uniform / normal with array parameters (gym-style Box bounds, per-dimension noise scales):
# NumPy broadcasts low/high (loc/scale) against each other and against size, drawing one value per
# element in C order from the same stream as the scalar forms.
import numpy as np

np.random.seed(0)
print(np.random.uniform(np.array([-2.0, 0.0]), np.array([2.0, 1.0])))
print(np.random.uniform(0, [1.0, 10.0], size=(2, 2)))
print(np.random.normal([0.0, 100.0], 1.0))
print(np.random.normal(0.0, np.array([[1.0], [10.0]]), size=(2, 3)))
print(np.random.uniform(-1, 1))
rs = np.random.RandomState(3)
print(rs.uniform(low=np.full(3, -0.5), high=np.full(3, 0.5)))
print(rs.normal(loc=np.zeros(2), scale=np.ones(2)).shape)
try:
    np.random.normal(0.0, np.array([1.0, -1.0]))
except ValueError as e:
    print('ValueError:', e)
