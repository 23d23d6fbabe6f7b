# badinput: pickle.loads of random bytes
# expect-exit: 1
# expect-stderr: _pickle.UnpicklingError: pickle data was truncated
import pickle
pickle.loads(b"\x80\x05garbage")
