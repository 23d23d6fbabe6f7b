# badinput: a class hierarchy 5000 deep
# expect-exit: 0
# expect-stdout: 5001
import torch
C=object
for i in range(5000): C=type("C%d"%i,(C,),{})
print(len(C.__mro__))
