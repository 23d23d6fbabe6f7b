# badinput: Counter.update with an element whose __hash__ raises
# expect-exit: 1
# expect-stderr: TypeError: bad K
import collections
class K:
    def __hash__(self): raise TypeError('bad K')
c = collections.Counter()
c.update([1, 2, K()])
