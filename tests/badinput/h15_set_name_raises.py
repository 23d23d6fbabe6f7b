# badinput: a descriptor whose __set_name__ raises: the error with CPython 3.12's note 'Error calling __set_name__ on ...'
# expect-exit: 1
# expect-stderr: Error calling __set_name__ on 'Desc' instance 'x' in 'C'
class Desc:
    def __set_name__(self, owner, name):
        raise RuntimeError("bad name " + name)
class C:
    x = Desc()
