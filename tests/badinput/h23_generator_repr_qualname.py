# badinput: a generator's repr names its function's __qualname__
# expect-exit: 0
# expect-stdout: <generator object Outer.method.<locals>.gen at ADDR> | <generator object top at ADDR> | <generator object <genexpr> at ADDR>
import re
class Outer:
    def method(self):
        def gen():
            yield 1
        return gen()
def top():
    yield 3
print(' | '.join(re.sub(r'0x[0-9a-f]+', 'ADDR', repr(g)) for g in (Outer().method(), top(), (x for x in [1]))))
