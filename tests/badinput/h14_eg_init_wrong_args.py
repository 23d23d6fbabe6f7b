# badinput: an ExceptionGroup subclass whose __init__ takes other arguments, without __new__ (h14 sweep)
# expect-exit: 1
# expect-stderr: TypeError: BaseExceptionGroup.__new__() takes exactly 2 arguments (1 given)
class G(ExceptionGroup):
    def __init__(self, code):
        super().__init__('x', [ValueError(code)])
G(5)
