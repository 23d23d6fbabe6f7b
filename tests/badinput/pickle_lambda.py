# badinput: pickling a lambda (not importable by name) is a PicklingError
# expect-exit: 1
# expect-stderr: _pickle.PicklingError
import pickle
pickle.dumps(lambda: 0)
