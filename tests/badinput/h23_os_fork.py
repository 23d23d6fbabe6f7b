# badinput: os.fork()
# expect-exit: 1
# expect-stderr: NotImplementedError: os.fork() is not supported in Kiln
import torch
import os
os.fork()
