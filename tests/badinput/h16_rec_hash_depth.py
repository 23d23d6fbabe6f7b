# badinput: a __hash__ recursing through hash() stops near 500 levels
# expect-exit: 0
# expect-stdout: True
n = 0
class H:
    def __hash__(self):
        global n
        n += 1
        return hash(H())
try:
    hash(H())
except RecursionError as e:
    print(450 < n < 520)
