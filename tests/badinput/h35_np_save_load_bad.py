# badinput: np.load of garbage bytes
# expect-exit: 1
# expect-stderr: ValueError: This file contains pickled (object) data. If you trust the file you can load it unsafely using the `allow_pickle=` keyword argument or `pickle.load()`.
import numpy as np, io
np.load(io.BytesIO(b"garbage"))
