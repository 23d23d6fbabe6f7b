import numpy as np
# ndarray.resize in place (udacity deep-learning-v2-pytorch's Simple_RNN: `data.resize((seq_length + 1, 1))`
# on a fresh np.sin array): the flat C-order data kept, new elements zero (np.resize repeats them),
# shapes given as a tuple or as ints, a slice refused for not owning its data.
time_steps = np.linspace(0, np.pi, 6)
data = np.sin(time_steps)
data.resize((6, 1))
print(data.shape, data[:3, 0])
b = np.array([[1, 2], [3, 4]])
b.resize(3, 3)
print(b)
c = np.arange(5.0)
c.resize(2)
print(c, c.dtype)
c.resize((0,))
print(c, c.shape)
print(np.resize(np.array([1, 2, 3]), (2, 4)))
try:
    np.arange(10)[2:5].resize(2)
except ValueError as e:
    print("ValueError", e)
try:
    np.zeros(3).resize((-1,))
except ValueError as e:
    print("ValueError", e)
