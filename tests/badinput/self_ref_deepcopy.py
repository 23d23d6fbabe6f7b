# badinput: self ref deepcopy (issue 31 sweep)
# expect-exit: 0
# expect-stdout: True 1
import copy
l = [1]
l.append(l)
m = copy.deepcopy(l)
print(m[1] is m, m[0])
