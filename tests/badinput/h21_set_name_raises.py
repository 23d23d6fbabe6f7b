# badinput: __set_name__ raising during class creation
# expect-exit: 1
# expect-stderr: Error calling __set_name__ on 'D' instance 'x' in 'C'
class D:
    def __set_name__(self, owner, name):
        raise ValueError('bad descriptor')
class C:
    x = D()
