# badinput: a key's __eq__ inserts into the dict on every comparison: the lookup restarted on each insertion and never ended (CPython restarts only when the table is rebuilt)
# expect-exit: 0
# expect-stdout: 3 3 True
class K:
    def __init__(self, v):
        self.v = v
    def __hash__(self):
        return 0
    def __eq__(self, o):
        d[object()] = 1  # grows the dict each time it is asked
        return isinstance(o, K) and o.v == self.v
d = {}
for i in range(5):
    d[K(i)] = i
print(d[K(3)], d.get(K(3)), K(9) not in d)
