# badinput: BINUNICODE claiming 2**31 bytes
# expect-exit: 1
# expect-stderr: _pickle.UnpicklingError: pickle data was truncated
import pickle
pickle.loads(b"X\xff\xff\xff\x7f")
