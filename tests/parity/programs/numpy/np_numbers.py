# NumPy scalars are numbers.Real / numbers.Integral whichever of numpy and numbers is imported first
import numbers
import numpy as np
print(isinstance(np.float64(1), numbers.Real), isinstance(np.int64(2), numbers.Integral), isinstance(np.float32(1), numbers.Number))
print(isinstance(np.float64(1), numbers.Integral), isinstance(np.array([1.0]), numbers.Number))
