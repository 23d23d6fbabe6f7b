# badinput: pickle loads truncated (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: _pickle.UnpicklingError: pickle data was truncated
import pickle
b = pickle.dumps([1, 2, 3])
pickle.loads(b[:-3])
