# badinput: np.random.choice with probabilities not summing to 1
# expect-exit: 1
# expect-stderr: ValueError: probabilities do not sum to 1
import numpy as np
np.random.choice(3, p=[0.5, 0.5, 0.5])
