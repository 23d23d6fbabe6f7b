# error: 3:12: await is not supported in Kiln
def f():
    return await g()
