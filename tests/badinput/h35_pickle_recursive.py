# badinput: pickle round trip of a self-containing list
# expect-exit: 0
# expect-stdout: True
import pickle
a = []
a.append(a)
b = pickle.loads(pickle.dumps(a))
print(b[0] is b)
