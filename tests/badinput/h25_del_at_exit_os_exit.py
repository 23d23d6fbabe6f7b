# badinput: os._exit() inside a __del__ run by the shutdown: the process ends there with that status (CPython 3.11: 7)
# expect-exit: 7
# expect-stdout: del
import os
class A:
    def __del__(self):
        print('del', flush=True)
        os._exit(7)
a = A()
print('end')
