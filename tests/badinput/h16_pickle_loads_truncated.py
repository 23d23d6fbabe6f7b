# badinput: a protocol-2 pickle cut inside a string argument: 'pickle data was truncated'
# expect-exit: 1
# expect-stderr: _pickle.UnpicklingError: pickle data was truncated
import pickle
data = pickle.dumps([1, 2, 3, "hello"], protocol=2)
pickle.loads(data[:-8])
