# badinput: Python misuse: pickle trunc
# expect-exit: 1
# expect-stderr: _pickle.UnpicklingError: pickle data was truncated
import pickle
pickle.loads(pickle.dumps([1, 2, 3])[:-3])
