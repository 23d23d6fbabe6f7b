# badinput: PEP 695 generic class: implicit Generic base, __type_params__, methods' qualnames, super()
# expect-exit: 0
# expect-stdout: Box (T,) Box.get __main__.Box[int] d+base
class Base:
    def m(self): return 'base'
class Box[T](Base):
    def get[S](self, s: S) -> S: return s
    def m(self): return 'd+' + super().m()
print(Box.__qualname__, Box.__type_params__, Box.get.__qualname__, Box[int], Box().m())
