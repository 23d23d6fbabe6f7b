# badinput: an exception from __set_name__ (3.12 adds a note naming the descriptor)
# expect-exit: 0
# expect-stdout: caught no names today ["Error calling __set_name__ on 'D' instance 'd' in 'A'"]
class D:
    def __set_name__(self, owner, name):
        raise ValueError('no names today')
try:
    class A:
        d = D()
except ValueError as e:
    print('caught', e, getattr(e, '__notes__', None))
