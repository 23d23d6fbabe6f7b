# badinput: bool() of a 2-element array
# expect-exit: 1
# expect-stderr: ValueError: The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()
import numpy as np
bool(np.ones(2))
