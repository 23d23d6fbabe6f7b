# error: 3:12: 'await' outside async function
def f():
    return await g()
