# np.array of ranges (a range is a sequence of ints to NumPy: np.array(range(L)) + offsets, as
# pytorch/examples' time_sequence_prediction builds its sine data) and np.random.choice's check that
# p sums to 1: its tolerance is sqrt(eps) of p's own float dtype, so float32 softmax outputs
# (char-RNN sampling: np.random.choice(top_ch, p=p/p.sum())) pass where float64 ones would not.
import numpy as np

a = np.array(range(5))
print(a, a.dtype, np.array(range(2, 11, 3)), np.array(range(0)).shape, np.array(range(0)).dtype)
print(np.array([range(3), range(3, 6)]), np.array(range(4), dtype=np.float32))
print(np.array(range(4)) + np.array([[10], [20]]))
np.random.seed(2)
print(np.array(range(8)) + np.random.randint(-4, 4, 3).reshape(3, 1))
print(np.random.choice(range(10), 4, replace=False))
try:
    np.array([range(3), range(4)])
except ValueError as e:
    print("ValueError", e)

np.random.seed(0)
p32 = np.array([0.1, 0.2, 0.3, 0.4002], dtype=np.float32)
print(np.random.choice(4, p=p32), np.random.choice(4, 5, p=p32))
p64 = np.array([0.1, 0.2, 0.3, 0.4002])
for p in [p64, [0.1, 0.2, 0.3, 0.4002], np.array([0.5, 0.5001], dtype=np.float32), np.array([0.1, np.nan]),
          np.array([-0.1, 1.1])]:
    try:
        print(np.random.choice(len(p), p=p))
    except ValueError as e:
        print("ValueError", e)
rng = np.random.default_rng(1)
print(rng.choice(4, p=p32), rng.choice(4, size=3, p=p32))
try:
    rng.choice(4, p=p64)
except ValueError as e:
    print("ValueError", e)
