# badinput: a user mapping unpacked with ** that repeats an explicit keyword: CPython's "got multiple values for keyword argument"
# expect-exit: 1
# expect-stderr: TypeError: __main__.f() got multiple values for keyword argument 'a'
class M:
    def keys(self):
        return ["a"]
    def __getitem__(self, k):
        return 1
def f(**kw):
    return kw
f(a=0, **M())
