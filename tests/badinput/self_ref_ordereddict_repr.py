# badinput: an OrderedDict inside itself prints ... (RecursionError)
# expect-exit: 0
# expect-stdout: OrderedDict({'a': ...})
import collections
d = collections.OrderedDict()
d['a'] = d
print(d)
