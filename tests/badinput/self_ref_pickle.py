# badinput: self ref pickle (issue 31 sweep)
# expect-exit: 0
# expect-stdout: True
import pickle
l = [1]
l.append(l)
m = pickle.loads(pickle.dumps(l))
print(m[1] is m)
