# badinput: np.load of a missing file
# expect-exit: 1
# expect-stderr: FileNotFoundError: [Errno 2] No such file or directory: 'h21_missing.npy'
import numpy as np
np.load('h21_missing.npy')
