# badinput: hash returns huge (CPython 3.11 ends the same way)
# expect-exit: 0
# expect-stdout: True 1
class K:
    def __hash__(self): return 2**100
    def __eq__(self, o): return self is o
k = K()
print(hash(k) == hash(2**100), {k: 1}[k])
