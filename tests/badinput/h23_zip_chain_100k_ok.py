# badinput: 100000 nested zips
# expect-exit: 0
# expect-stdout: 1
import torch
it=[1]
for _ in range(100000): it=zip(it)
print(len(list(it)))
