# badinput: a pickle FRAME whose length runs past the data: the C unpickler's truncated data (was read silently)
# expect-exit: 1
# expect-stderr: _pickle.UnpicklingError: pickle data was truncated
import pickle
pickle.loads(b'\x80\x04\x95' + (2**62).to_bytes(8, 'little') + b'N.')
