# badinput: await at module level: CPython's SyntaxError, located
# expect-exit: 1
# expect-stderr: SyntaxError: 'await' outside function
x = await f()
