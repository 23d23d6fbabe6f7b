# badinput: async context manager used with plain with
# expect-exit: 1
class C:
    async def __aenter__(self): pass
    async def __aexit__(self, *a): pass
with C():
    pass
