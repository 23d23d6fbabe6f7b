# badinput: writing to a read-only array
# expect-exit: 1
# expect-stderr: ValueError: assignment destination is read-only
import numpy as np
a = np.arange(3)
a.flags.writeable = False
a[0] = 5
