# badinput: deep pickle loads lists (issue 31 sweep)
# expect-exit: 0
# expect-stdout: 1
import pickle
pickle.loads(b']' * 1000 + b'a' * 999 + b'.')
print(1)
