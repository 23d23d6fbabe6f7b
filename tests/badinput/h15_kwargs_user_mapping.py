# badinput: f(**obj) and {**obj} with a user mapping (keys() and __getitem__, no dict base) raised "argument after ** must be a mapping"; CPython accepts any object with keys() there, as dict() and dict.update do
# expect-exit: 0
# expect-stdout: {'a': 'A', 'b': 'B'}|{'a': 'A', 'b': 'B', 'c': 1}|{'a': 'A', 'b': 'B'}
class M:
    def keys(self):
        return ["a", "b"]
    def __getitem__(self, k):
        return k.upper()
def f(**kw):
    return kw
print(f(**M()), {**M(), "c": 1}, dict(M()), sep="|")
