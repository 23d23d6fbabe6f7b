# badinput: a ** mapping whose __getitem__ raises KeyError: CPython reports it as a duplicate keyword (format_kwargs_error)
# expect-exit: 1
# expect-stderr: TypeError: __main__.f() got multiple values for keyword argument 'boom'
class M:
    def keys(self): return ["a"]
    def __getitem__(self, k): raise KeyError("boom")
def f(**kw): return kw
f(**M())
