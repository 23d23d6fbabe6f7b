# badinput: pickling a generator
# expect-exit: 1
# expect-stderr: TypeError: cannot pickle 'generator' object
import pickle
pickle.dumps((i for i in range(3)))
