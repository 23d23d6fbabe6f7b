# badinput: deep functools partial (issue 31 sweep)
# expect-exit: 0
# expect-stdout: 1
import functools
f = abs
for i in range(100000):
    f = functools.partial(f)
print(f(-1))
