# badinput: __init_subclass__ raising while a subclass is made: the user's exception, from the class statement
# expect-exit: 1
# expect-stderr: ValueError: no subclasses: D
class Base:
    def __init_subclass__(cls, **kw):
        raise ValueError("no subclasses: " + cls.__name__)
class D(Base):
    pass
