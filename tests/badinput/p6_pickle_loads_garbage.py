# badinput: pickle loads garbage (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: _pickle.UnpicklingError: invalid load key, 'x'.
import pickle
pickle.loads(b'xyz')
