# badinput: OrderedDict.move_to_end while iterating it: 'OrderedDict mutated during iteration'
# expect-exit: 1
# expect-stderr: RuntimeError: OrderedDict mutated during iteration
import collections
od = collections.OrderedDict(a=1, b=2)
for k in od:
    od.move_to_end('a')
