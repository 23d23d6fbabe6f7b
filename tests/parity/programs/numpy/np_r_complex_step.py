import numpy as np
# np.r_ / np.c_ with a complex slice step (a point count, as linspace's num), now that Python
# complex literals exist.
print(np.r_[-1:1:5j])
print(np.r_[0:1:3j, 5, [7, 8]])
print(np.c_[np.r_[0:2:3j], np.r_[10:20:3j]])
print(np.r_[0:10:2], np.r_[1:2:2j].dtype)
