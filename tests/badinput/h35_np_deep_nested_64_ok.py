# badinput: np.array of lists nested 64 deep (the limit)
# expect-exit: 0
# expect-stdout: 64
import numpy as np
x = 1
for i in range(64):
    x = [x]
print(np.array(x).ndim)
