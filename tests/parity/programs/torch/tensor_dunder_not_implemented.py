# Tensor's binary operators turn a TypeError from the operation into NotImplemented (PyTorch's
# TypeError_to_NotImplemented_ and _handle_torch_function_and_wrap_type_error_to_not_implemented),
# so Python tries the other operand's reflected method and then raises its own "unsupported operand
# type(s)": operands the op refuses, __torch_function__ and __torch_dispatch__ handlers that all
# return NotImplemented, and the other operand's __radd__/__rmatmul__ answering.
import torch


def attempt(label, f):
    try:
        r = f()
        print(label, "->", r)
    except TypeError as e:
        print(label, "TypeError:", str(e).splitlines()[0])


t = torch.tensor([1.0, 2.0])
attempt("t @ 2", lambda: t @ 2)
attempt("2 @ t", lambda: 2 @ t)
attempt("t + 'a'", lambda: t + "a")
attempt("t < None", lambda: t < None)


class Other:
    def __radd__(self, other):
        return f"Other.__radd__({type(other).__name__})"

    def __rmatmul__(self, other):
        return f"Other.__rmatmul__({type(other).__name__})"


attempt("t + Other()", lambda: t + Other())
attempt("t @ Other()", lambda: t @ Other())


class RefusesFunction(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return NotImplemented


r = torch.tensor([1.0, 2.0]).as_subclass(RefusesFunction)
attempt("RefusesFunction + 1", lambda: r + 1)
attempt("RefusesFunction * t", lambda: r * t)
attempt("RefusesFunction == 1", lambda: r == 1)


class RefusesDispatch(torch.Tensor):
    @staticmethod
    def __new__(cls, elem):
        return torch.Tensor._make_wrapper_subclass(cls, elem.size(), dtype=elem.dtype)

    __torch_function__ = torch._C._disabled_torch_function_impl

    @classmethod
    def __torch_dispatch__(cls, func, types, args=(), kwargs=None):
        return NotImplemented


d = RefusesDispatch(torch.zeros(2))
attempt("RefusesDispatch - 1", lambda: d - 1)
attempt("1 - RefusesDispatch", lambda: 1 - d)
attempt("RefusesDispatch + Other()", lambda: d + Other())
try:
    d += 1
except TypeError as e:
    print("RefusesDispatch += 1 TypeError:", str(e).splitlines()[0])
try:
    torch.add(d, 1)
except TypeError as e:
    print("torch.add keeps the dispatch error:", str(e).splitlines()[0])
