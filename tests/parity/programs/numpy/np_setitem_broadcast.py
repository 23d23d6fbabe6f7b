# ndarray assignment broadcasts the value to the selection: extra leading 1-dims are dropped, a single
# element named by integers refuses an array with dimensions (NumPy 2.5), anything else that does
# not broadcast is a ValueError
import numpy as np

x = np.zeros((3, 4))
x[0, :] = np.ones((1, 4))
x[1] = np.full((1, 1, 4), 2.0)
x[:, 0] = np.arange(3).reshape(1, 3)
x[:2, 2:] = np.array([[5], [6]])
print(x)
y = np.zeros(5)
y[1:3] = np.array([[1, 2]])
y[4] = np.array(9)
print(y)
cases = [(0, np.array([1.0])), (1, [2.0]), ((2,), (3.0,)), ((slice(None),), np.ones((2, 5))),
         (slice(0, 2), np.ones(3))]
for key, val in cases:
    try:
        y[key] = val
    except ValueError as e:
        print('ValueError', e)
try:
    x[0, :] = np.ones((2, 4))
except ValueError as e:
    print('ValueError', e)
