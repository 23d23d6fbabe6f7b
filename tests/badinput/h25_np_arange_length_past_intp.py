# badinput: np.arange whose length is past intp (1e30 values): NumPy's 'Maximum allowed size exceeded', not a silent empty array (a double cast to int64 out of range gave 0)
# expect-exit: 1
# expect-stderr: ValueError: Maximum allowed size exceeded
import numpy as np
a = np.arange(0, 1e30)
print(a.shape)
