# badinput: __contains__ raises inside `in`
# expect-exit: 1
# expect-stderr: KeyError: 'contains'
class C:
    def __contains__(self, x):
        raise KeyError("contains")
1 in C()
