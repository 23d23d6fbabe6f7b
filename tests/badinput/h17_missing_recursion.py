# badinput: a dict subclass whose __missing__ looks up another missing key, forever
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
class D(dict):
    def __missing__(self, key):
        return self[key + 1]
d = D()
print(d[0])
