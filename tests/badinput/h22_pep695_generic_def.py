# badinput: PEP 695 generic function (Python 3.12 syntax), type parameters and qualname
# expect-exit: 0
# expect-stdout: 3 f (T,) {'x': T, 'return': T}
def f[T](x: T) -> T:
    return x
print(f(3), f.__qualname__, f.__type_params__, f.__annotations__)
