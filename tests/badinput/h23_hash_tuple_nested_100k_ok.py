# badinput: hash of a tuple nested 100000 deep
# expect-exit: 0
# expect-stdout: True
import torch
t=()
for _ in range(100000): t=(t,)
print(hash(t) is not None)
