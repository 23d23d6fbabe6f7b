# badinput: pickle of a list nested 100000 deep
# expect-exit: 1
# expect-stderr: RecursionError: maximum recursion depth exceeded while pickling an object
import torch
import pickle
l=[]
for _ in range(100000): l=[l]
print(len(pickle.dumps(l)))
