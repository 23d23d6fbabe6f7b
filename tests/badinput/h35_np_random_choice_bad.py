# badinput: np.random.choice of more than the population without replacement
# expect-exit: 1
# expect-stderr: ValueError: Cannot take a larger sample than population when replace is False
import numpy as np
np.random.choice(3, 5, replace=False)
