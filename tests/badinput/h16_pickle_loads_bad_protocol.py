# badinput: a pickle claiming protocol 99
# expect-exit: 1
# expect-stderr: ValueError: unsupported pickle protocol: 99
import pickle
pickle.loads(b"\x80\x63N.")
