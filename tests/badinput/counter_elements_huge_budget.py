# badinput: a Counter.elements() list of 10**12 items under a step budget
# kiln-args: --max-instructions 1000000
# expect-exit: 1
# expect-stderr: KilnLimitError
import collections
c = collections.Counter({"a": 10**12})
l = list(c.elements())
