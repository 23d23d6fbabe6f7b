# badinput: pickle.loads(b'')
# expect-exit: 1
# expect-stderr: EOFError: Ran out of input
import pickle
pickle.loads(b"")
