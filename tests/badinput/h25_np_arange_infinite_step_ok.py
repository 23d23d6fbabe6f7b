# badinput: np.arange with an infinite step: one value, as NumPy since its fix of the underflowing quotient (gh-10206)
# expect-exit: 0
# expect-stdout: [0.] []
import numpy as np
print(np.arange(0, 1, np.inf), np.arange(0, -1, np.inf))
