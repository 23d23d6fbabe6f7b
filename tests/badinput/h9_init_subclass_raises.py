# badinput: __init_subclass__ rejects a subclass
# expect-exit: 1
# expect-stderr: TypeError: Child may not subclass Base
class Base:
    def __init_subclass__(cls, **kw):
        raise TypeError(f'{cls.__name__} may not subclass Base')
class Child(Base):
    pass
