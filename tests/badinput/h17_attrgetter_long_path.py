# badinput: operator.attrgetter over a 100001-part dotted path (CPython walks it iteratively)
# expect-exit: 0
# expect-stdout: True
import operator
f = operator.attrgetter("a" + ".a" * 100000)
class N: pass
n = N(); n.a = n
print(f(n) is n)
