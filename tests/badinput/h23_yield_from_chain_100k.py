# badinput: 100000 generators delegating with yield from
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded
import torch
def g(it):
    yield from it
it=iter([1])
for _ in range(100000): it=g(it)
print(list(it))
