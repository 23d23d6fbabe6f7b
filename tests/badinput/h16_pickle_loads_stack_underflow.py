# badinput: a pickle whose opcode pops from an empty stack
# expect-exit: 1
# expect-stderr: _pickle.UnpicklingError: could not find MARK
import pickle
pickle.loads(b"t.")
