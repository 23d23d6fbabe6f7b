# badinput: a __del__ that raises at shutdown: 'Exception ignored in', the exit status stays 0
# expect-exit: 0
# expect-stderr: RuntimeError: boom at exit
class A:
    def __del__(self):
        raise RuntimeError('boom at exit')
a = A()
print('end')
