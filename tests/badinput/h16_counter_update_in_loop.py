# badinput: Counter.update while iterating the Counter
# expect-exit: 1
# expect-stderr: RuntimeError: dictionary changed size during iteration
from collections import Counter
c = Counter("abc")
for k in c:
    c.update(k * 2 + "z")
