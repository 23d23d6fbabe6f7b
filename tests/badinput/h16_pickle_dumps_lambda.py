# badinput: pickling a lambda
# expect-exit: 1
# expect-stderr: attribute lookup <lambda> on __main__ failed
import pickle
pickle.dumps(lambda: 0)
