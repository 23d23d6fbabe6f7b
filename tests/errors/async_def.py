# error: 2:1: async code is not supported in Kiln
async def f():
    pass
