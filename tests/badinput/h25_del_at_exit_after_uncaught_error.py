# badinput: an uncaught exception's traceback, then the shutdown's __del__ of the globals (CPython's order), status 1
# expect-exit: 1
# expect-stderr: ValueError: the program failed
# expect-stdout: del after error
class A:
    def __del__(self):
        print('del after error')
a = A()
raise ValueError('the program failed')
