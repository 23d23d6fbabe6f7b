# badinput: await inside a plain def (Kiln has no async def): CPython's wording
# expect-exit: 1
# expect-stderr: SyntaxError: 'await' outside async function
def f():
    return await g()
