# badinput: __hash__ clears the dict it is being inserted into
# expect-exit: 0
# expect-stdout: 1
class K:
    def __hash__(self):
        d.clear()
        return 5
d = {i: i for i in range(100)}
d[K()] = 1
print(len(d))
