# badinput: sys.exit(3) ends the program: the shutdown still runs __del__ of the globals, the status stays 3
# expect-exit: 3
# expect-stdout: del after exit
import sys
class A:
    def __del__(self):
        print('del after exit')
a = A()
sys.exit(3)
