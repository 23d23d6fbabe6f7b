# badinput: pickle loads empty (issue 31, hostile-input sweep 6; CPython 3.11 ends the same way)
# expect-exit: 1
# expect-stderr: EOFError: Ran out of input
import pickle
pickle.loads(b'')
