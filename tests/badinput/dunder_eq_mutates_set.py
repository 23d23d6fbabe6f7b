# badinput: __eq__ adds to the set during a membership test
# expect-exit: 0
# expect-stdout: False 101
class K:
    def __hash__(self):
        return 1
    def __eq__(self, other):
        for i in range(1000, 1100):
            s.add(i)
        return False
s = {K()}
print(K() in s, len(s))
