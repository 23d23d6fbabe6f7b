# badinput: sort kinds by their first letter, any case
# expect-exit: 0
# expect-stdout: [1 2 3] [1 2 0]
import numpy as np
print(np.sort(np.array([3, 1, 2]), kind="mergesort"), np.argsort(np.array([3, 1, 2]), kind="Stable"))
