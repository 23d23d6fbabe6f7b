# badinput: a subclass's __torch_function__ declines (NotImplemented): it is asked first, then its base class answers
# expect-exit: 0
# expect-stdout: base ['Sub', 'Base']
import torch
class Base:
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return "base " + str([t.__name__ for t in types])
class Sub(Base):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return NotImplemented
print(torch.add(Base(), Sub()))
